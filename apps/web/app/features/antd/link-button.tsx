import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from 'antd';

/**
 * An antd button that is a link (`<a href>`: opens in a new tab, works before hydration) and, on a
 * plain click, navigates within the app like React Router's Link.
 */
export function LinkButton({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  const go = (e: MouseEvent<HTMLElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={go} />;
}
