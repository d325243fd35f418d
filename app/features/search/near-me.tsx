import { useState, useSyncExternalStore } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { roundCoordinate } from "../../../core/locations/distance";
import { districtName, stateName, type PlaceLanguage } from "../../../core/locations";
import { STATES } from "../../../core/locations/states";
import { useI18n } from "../i18n/i18n";
import { StaticIsland } from "../../components/ui/static-island";

const noChanges = () => () => {};

type Group = { state: string; districts: { value: string; name: string }[] };

const groupsByLanguage = new Map<PlaceLanguage, Group[]>();

/**
 * Every district, grouped by state, named in the page's language: the "Nearest to" select's
 * options. Static data, so made once per language and shared (never changed by its users).
 */
export function districtGroups(lang: PlaceLanguage): Group[] {
  let groups = groupsByLanguage.get(lang);
  if (!groups) {
    groups = STATES.map((state) => ({
      state: stateName(state.slug, lang),
      districts: state.districts.map((d) => ({ value: `${state.slug}/${d.slug}`, name: districtName(state.slug, d.slug, lang) })),
    }));
    groupsByLanguage.set(lang, groups);
  }
  return groups;
}

/**
 * "Nearest first" from where (decision 024): a plain GET form with every district (grouped by
 * state), which works without JavaScript, and, where the browser can tell where the phone is, a
 * "Near me" button. Only a tap asks for the position; it is rounded to 0.1° (about 11 km) and
 * sent once in the link, which the server turns into the nearest district and drops. Nothing
 * keeps it. Only /viewmore uses this, so it ships in that route's script, not the home page's.
 */
export function NearestFrom({ from, groups: given, keep }: { from: string; groups: Group[] | undefined; keep: Record<string, string> }) {
  const { lang, t } = useI18n();
  // A whole page's loader data leaves the options out: the server draws them, and the browser
  // keeps that HTML (the island) until a navigation, whose data brings them. Never in the
  // browser's bundle.
  const groups = given ?? (import.meta.env.SSR ? districtGroups(lang) : []);
  return (
    <div className="mb-3 flex flex-wrap items-end gap-2">
      <Form method="get" className="flex flex-wrap items-end gap-2" aria-label={t("near.sort")}>
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="sort" value="near" />
        <div>
          <label htmlFor="from" className="text-sm font-semibold">
            {t("near.from")}
          </label>
          {/* Every district of India: its options are a static island (decision 039), keyed like the select. */}
          <StaticIsland
            as="select"
            deps={[lang]}
            id="from"
            name="from"
            defaultValue={from}
            key={from}
            className="input min-h-9 max-w-64 py-1 text-sm"
          >
            <option value="">{t("near.chooseDistrict")}</option>
            {groups.map((group) => (
              <optgroup key={group.state} label={group.state}>
                {group.districts.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </StaticIsland>
        </div>
        <button type="submit" className="btn-secondary min-h-9 px-3 text-sm">
          {t("near.show")}
        </button>
      </Form>
      <NearMeButton />
    </div>
  );
}

/** Shown once the page has hydrated, and only where the browser has geolocation. */
function NearMeButton() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // False on the server and before hydration, so the button appears only where it can work.
  const can = useSyncExternalStore(
    noChanges,
    () => "geolocation" in navigator,
    () => false,
  );
  const [state, setState] = useState<"idle" | "finding" | "denied">("idle");
  if (!can) return null;
  const ask = () => {
    setState("finding");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const params = new URLSearchParams(search);
        for (const key of ["page", "from"]) params.delete(key);
        params.set("sort", "near");
        params.set("lat", String(roundCoordinate(position.coords.latitude)));
        params.set("lon", String(roundCoordinate(position.coords.longitude)));
        setState("idle");
        navigate(`?${params.toString()}`);
      },
      () => setState("denied"),
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className="btn-secondary min-h-9 px-3 text-sm" onClick={ask} disabled={state === "finding"}>
        {t("near.nearMe")}
      </button>
      <p role="status" className="text-sm text-stone-700">
        {state === "finding" ? t("near.finding") : state === "denied" ? t("near.denied") : ""}
      </p>
    </div>
  );
}
