/** A grade's plain label key ("Grade A", "FAQ (fair average quality)"), for cards, pages and filters. */
import { isGrade, type Grade } from "../../core/grades";
import type { UiKey } from "./i18n";

export function gradeLabelKey(grade: string | null | undefined): UiKey | undefined {
  return grade && isGrade(grade) ? (`produce.gradeLabel.${grade satisfies Grade}` as UiKey) : undefined;
}
