/** Where the API lives: every /prod-api route declares its access, answers JSON and is logged when it writes. */
export const API_PREFIX = "/prod-api";
/** The API documentation (api-docs.ts): public, and served with the pages' headers. */
export const API_DOCS = `${API_PREFIX}/docs`;
