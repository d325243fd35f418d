/** The listing's optional quality grade (FAQ, A, B, C: core/catalogue/grades), as mandis report it. */
import { GRADES } from "../../../core/catalogue/grades";
import { useI18n } from "../i18n/i18n";
import { SelectField } from "../../components/ui/select-field";

export function GradeField({ value, error }: { value: string; error?: string | undefined }) {
  const { t } = useI18n();
  return (
    <SelectField label={t("produce.grade")} name="grade" defaultValue={value} error={error} hint={t("produce.gradeHint")}>
      <option value="">{t("produce.gradeNone")}</option>
      {GRADES.map((grade) => (
        <option key={grade} value={grade}>
          {t(`produce.gradeLabel.${grade}`)}
        </option>
      ))}
    </SelectField>
  );
}
