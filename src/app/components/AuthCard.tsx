// The frame of every sign-in and access screen: a centred card with a title and a lede (and what
// leads before them, when something does), and a word when there is no network (every step here
// needs it).
import './forms.css';
import type { ReactNode } from 'react';
import { NeedsNetwork } from './NoData';

export function AuthCard({
  title,
  lede,
  lead,
  children,
  wide,
}: {
  title: string;
  lede?: ReactNode;
  /** What the screen says before its title (a running zone pass on the access screens). */
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="auth">
      <section className={wide ? 'auth__card auth__card--wide' : 'auth__card'} aria-labelledby="auth-title">
        {lead}
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {lede && <p className="auth__lede">{lede}</p>}
        <NeedsNetwork what="signIn" />
        {children}
      </section>
    </div>
  );
}
