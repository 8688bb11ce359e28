import type { ViewProps } from "../../routing/view-props";
import InnerLink from "./inner-link";

/** The server's OpenAPI document, generated from the routes' schemas, in Swagger UI. */
export const API_DOCS_URL = "/prod-api/docs";

/** System tools → API documentation: the server's API documentation in an inner-link frame. */
export default function ApiDocsView(props: ViewProps) {
  return <InnerLink {...props} link={API_DOCS_URL} />;
}
