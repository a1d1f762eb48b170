/**
 * The search type of the page a search starts from (account-area.md section 2, the first of its
 * two readings): 2 live, 3 resource, 4 exam, 5 blog, 6 question, 7 an info path, else 1.
 */
export function searchTypeOf(pathname: string): number {
  const p = pathname.replace(/^\/en(?=\/|$)/, '');
  if (/\/live(\/|$)/.test(p)) return 2;
  if (/\/resource(\/|$)/.test(p)) return 3;
  if (/\/exam(\/|$)/.test(p)) return 4;
  if (/\/blog(\/|$)/.test(p)) return 5;
  if (/\/question(\/|$)/.test(p)) return 6;
  if (/\/info(\/|$)/.test(p)) return 7;
  return 1;
}
