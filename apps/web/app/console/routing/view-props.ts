/** What a view receives: the route it was opened for. */
export interface ViewProps {
  title: string;
  /** The inner link's address, for InnerLink. */
  link: string | null;
  /** The component string the menu named (shown by the "not available" page). */
  component: string;
}
