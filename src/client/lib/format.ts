// The browser's door to the one format module (src/shared/format.ts): money, percentages, counts, plurals and
// dates in Africa/Johannesburg are formatted there, the same on every screen, in server messages and in CSV.
export {
  DATE_SHORT,
  formatCount,
  formatCountOf,
  formatCsvDate,
  formatDate,
  formatDateInWords,
  formatDateLong,
  formatDateTimeSast,
  formatDecimal,
  formatFileSize,
  formatHandle,
  formatMonth,
  formatPercent,
  formatZar,
  formatZarWhole,
} from '../../shared/format';
