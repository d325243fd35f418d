/**
 * The rows of a week-by-week price table: a week with a figure is a row of its own, and a run of
 * weeks without one is a single row over their whole span ("7 Sep – 23 Nov: too few listings"),
 * not a dozen rows saying the same (issue 42, item 4). The chart keeps every week, as gaps.
 */
export interface LabelledWeek {
  /** The week's first day, as the page shows it ("7 Sep"). */
  label: string;
  /** Its last day ("13 Sep"). */
  toLabel: string;
}

export type WeekRow<W> = { range: string; week: W } | { range: string; week: null };

export function weekRows<W extends LabelledWeek>(weeks: readonly W[], hasFigure: (week: W) => boolean): WeekRow<W>[] {
  const rows: WeekRow<W>[] = [];
  let emptyFrom: W | null = null;
  let emptyTo: W | null = null;
  const closeEmptyRun = () => {
    if (emptyFrom && emptyTo) rows.push({ range: `${emptyFrom.label} – ${emptyTo.toLabel}`, week: null });
    emptyFrom = emptyTo = null;
  };
  for (const week of weeks) {
    if (hasFigure(week)) {
      closeEmptyRun();
      rows.push({ range: `${week.label} – ${week.toLabel}`, week });
    } else {
      emptyFrom ??= week;
      emptyTo = week;
    }
  }
  closeEmptyRun();
  return rows;
}
