// A titled horizontal row: 'View All' link, and arrows only when it holds more than 7 items
// (spec §2: default item length 8). Arrows scroll 20px a tick up to 1200px; touch and keys scroll natively.
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCROLLER_ARROWS_MIN_ITEMS } from '../../shared/constants';
import { ChevronLeft, ChevronRight } from './Icons';

const MAX_STEP_PX = 1200;
const TICK_PX = 20;

export function Scroller(props: {
  id: string;
  title: string;
  count: number;
  viewAll?: string;
  children: ReactNode;
  variant?: 'covers' | 'chips' | 'stories' | 'categories';
  /** A line under the title saying what the shelf (or a badge in it) means. */
  note?: string;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const showArrows = props.count >= SCROLLER_ARROWS_MIN_ITEMS;
  const scroll = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    // Spec §9: 20 px a tick (a frame) up to 1200 px, or most of what shows; snapping waits for the end.
    let left = Math.min(MAX_STEP_PX, el.clientWidth * 0.9);
    // (at the track's end the last ticks move nothing)
    const tick = () => {
      el.style.scrollSnapType = 'none';
      el.scrollLeft += dir * Math.min(TICK_PX, left);
      if ((left -= TICK_PX) > 0) requestAnimationFrame(tick);
      else el.style.scrollSnapType = '';
    };
    tick();
  };
  return (
    <section
      className={`shelf shelf--${props.variant ?? 'covers'}`}
      aria-labelledby={`${props.id}-title`}
      data-testid={`section-${props.id}`}
    >
      <div className="shelf__head">
        <div>
          <h2 id={`${props.id}-title`} className="shelf__title">
            {props.title}
          </h2>
          {props.note && <p className="shelf__note">{props.note}</p>}
        </div>
        <div className="shelf__tools">
          {props.viewAll && (
            <Link className="shelf__all" to={props.viewAll}>
              {t('home.viewAll')}
            </Link>
          )}
          {showArrows && (
            <>
              <button
                type="button"
                className="arrow"
                onClick={() => scroll(-1)}
                aria-label={t('scroller.previous')}
                data-testid="scroll-prev"
              >
                <ChevronLeft />
              </button>
              <button type="button" className="arrow" onClick={() => scroll(1)} aria-label={t('scroller.next')} data-testid="scroll-next">
                <ChevronRight />
              </button>
            </>
          )}
        </div>
      </div>
      <div className="shelf__track" ref={track}>
        {props.children}
      </div>
    </section>
  );
}
