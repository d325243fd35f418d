import { useId, useState } from "react";
import { Form } from "react-router";
import { SearchIcon } from "../../components/ui/icons";
import { useI18n } from "../i18n/i18n";
import { SearchInput } from "./search-input";

/** The second box: name or category, with a search icon that opens /viewmore. */
export function CatalogueSearchForm({ initialQuery = "" }: { initialQuery?: string }) {
  const id = useId();
  const [query, setQuery] = useState(initialQuery);
  const { t } = useI18n();
  return (
    <Form method="get" action="/viewmore" role="search" aria-label={t("search.byAny")} className="flex w-full gap-2">
      <label htmlFor={id} className="sr-only">
        {t("search.byAny")}
      </label>
      <SearchInput
        id={id}
        value={query}
        onValueChange={setQuery}
        clearLabel={t("search.clearAny")}
        placeholder={t("search.anyPlaceholder")}
        className="flex-1"
      />
      <button type="submit" className="btn-primary px-3" aria-label={t("search.search")}>
        <SearchIcon />
      </button>
    </Form>
  );
}
