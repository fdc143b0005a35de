/** The template's name and type (the worker writes English headers; any language's are read back). */
export const XLSX_TEMPLATE_FILE = {
  fileName: 'quick-order-template.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
