/**
 * The formats the generated validators check, in the shape AJV's standalone code calls (`formats["date-time"]
 * .validate(text)`): ajv-formats' "full" checks of the formats the schemas use, written here so that the bundled
 * validators do not carry ajv-formats' whole table (a CommonJS module whose every format is built when it loads:
 * 5.8 M instructions before a first validation, docs/performance.md#cold-start). Each check gives ajv-formats'
 * verdict on every string (test/formats.test.ts compares them on generated strings); the generator uses this
 * module for a unit only when it has every format the unit uses, and ajv-formats' table otherwise
 * (generator/emit/validators/compile-unit.ts).
 */

/** RFC 3339 appendix C. */
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** full-date of RFC 3339 section 5.6, the day within its month. */
function isDate(text: string): boolean {
  const matches = DATE.exec(text);
  if (matches === null) return false;
  const year = Number(matches[1]);
  const month = Number(matches[2]);
  const day = Number(matches[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!);
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

/** full-time of RFC 3339 section 5.6 with its time zone required; a leap second only at 23:59 UTC. */
function isTime(text: string): boolean {
  const matches = TIME.exec(text);
  if (matches === null) return false;
  const hour = Number(matches[1]);
  const minute = Number(matches[2]);
  const second = Number(matches[3]);
  const zone = matches[4];
  const zoneSign = matches[5] === "-" ? -1 : 1;
  const zoneHours = Number(matches[6] ?? 0);
  const zoneMinutes = Number(matches[7] ?? 0);
  if (zoneHours > 23 || zoneMinutes > 59 || zone === undefined || zone === "") return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - zoneMinutes * zoneSign;
  const utcHour = hour - zoneHours * zoneSign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

const DATE_TIME_SEPARATOR = /t|\s/i;

/** date-time of RFC 3339 section 5.6 (ajv-formats' full `date-time`). */
function isDateTime(text: string): boolean {
  const parts = text.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
}

/** Format name → its check, as the generated code reads it. */
export const formats: Readonly<Record<string, { readonly validate: (text: string) => boolean }>> = {
  "date-time": { validate: isDateTime },
};
