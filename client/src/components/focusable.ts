/** What Tab can reach: the selector the console's own focus moves (a dialog's wrap, leaving the query editor) look for. */
export const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';
