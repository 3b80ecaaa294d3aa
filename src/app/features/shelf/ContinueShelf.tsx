// Home's first shelf for a signed-in reader: the issues they started, newest first. A chunk of
// its own (home's first load stays within its budget); nothing shows until there is something
// (home keeps its place meanwhile: expected.ts), and its height is kept for the next time.
import { useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Scroller } from '../../components/Scroller';
import { useLocalePath } from '../../components/useLocalePath';
import { useOpenIssue } from '../open-issue/useOpenIssue';
import { ContinueTile } from './ContinueTile';
import { continueQuery } from './queries';
import { noteContinueHeight } from './expected';
import { SHELF_PATH } from './paths';
import './shelf.css';

export default function ContinueShelf({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const query = useQuery(continueQuery());
  const items = query.data ?? [];
  const { open, dialog } = useOpenIssue();
  const slot = useRef<HTMLDivElement>(null);
  const settled = !query.isPending;
  useLayoutEffect(() => {
    if (!settled) return;
    if (slot.current) noteContinueHeight(slot.current.offsetHeight);
    onSettled?.();
  }, [settled, items.length, onSettled]);
  if (items.length === 0) return null;
  return (
    <div className="continue-slot" ref={slot}>
      <Scroller id="continueReading" title={t('myShelf.continue')} count={items.length} viewAll={to(SHELF_PATH)}>
        {items.map((item) => (
          <ContinueTile key={item.issueId} item={item} onOpen={(id, page) => void open(id, page)} place="shelf" />
        ))}
      </Scroller>
      {dialog}
    </div>
  );
}
