/** The result-table logic shared with the server's query export (server/src/lib/result-rows.ts). */
export * from '../../../../server/src/lib/result-rows';
