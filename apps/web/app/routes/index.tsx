// The root path: the root loader's navigation rules always redirect it (to /home or /login).
export default function Index() {
  return null;
}
