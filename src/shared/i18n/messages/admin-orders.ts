import { defineMessages } from '@/shared/i18n/define';

/** The admin's order list (its older texts are the spec's Swedish ones, still in the component). */
export const adminOrderMessages = defineMessages({
  sv: {
    exportCsv: 'Exportera CSV',
    exportExcel: 'Exportera för Excel',
    exportExcelHint: 'Semikolon, decimalkomma och svensk tid: öppnas som kolumner i svenska Excel',
  },
  en: {
    exportCsv: 'Export CSV',
    exportExcel: 'Export for Excel',
    exportExcelHint: 'Semicolons, decimal comma and Swedish time: opens as columns in Swedish Excel',
  },
});
