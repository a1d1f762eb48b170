import { Outlet } from 'react-router';

/** "Blank without theme" (platform.md section 2): the page alone, no tenant colours (used by /ie). */
export default function BareLayout() {
  return <Outlet />;
}
