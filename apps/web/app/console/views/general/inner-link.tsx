import { useEffect, useState } from "react";
import type { ViewProps } from "../../routing/view-props";

/** The frame is the window's height less the console's header (spec section 2: 94.5 px). */
const HEADER_HEIGHT = 94.5;

/** An external page shown inside the console (a menu entry of type inner link). */
export default function InnerLink({ title, link }: ViewProps) {
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const measure = () => setHeight(window.innerHeight - HEADER_HEIGHT);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  if (!link) return null;
  return <iframe title={title} src={link} style={{ width: "100%", height, border: 0 }} />;
}
