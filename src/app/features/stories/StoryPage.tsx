// /stories/{canonical url} and /article/details?category&magazineName&articleName&articleUrl: one
// story with its tools and more stories from the same title. Article details name the article and
// its title while the story loads, and find it by name when its url is missing or unknown.
import { titlePath } from '../../../shared/title-paths';
import { NoData } from '../../components/NoData';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { Scroller } from '../../components/Scroller';
import { StoryCard } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { newsAgeLabel, readTimeLabel } from '../../../shared/labels';
import NotFound from '../../components/NotFound';
import { ArticleTools } from './ArticleTools';
import { useFontSize } from '../../components/TextSize';
import { articleQuery, storyQuery } from './queries';
import { useViewEvent } from '../usage/useViewEvent';
import { useCategoryName } from './categoryName';
import './stories.css';

export default function StoryPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const categoryName = useCategoryName();
  const params = useParams();
  const [search] = useSearchParams();
  const url = params['*'] ?? '';
  const details = {
    category: search.get('category') || undefined,
    magazineName: search.get('magazineName') || undefined,
    articleName: search.get('articleName') || undefined,
    articleUrl: search.get('articleUrl') || undefined,
  };
  const isDetails = !url;
  const wanted = isDetails ? !!(details.articleUrl || details.articleName) : true;
  const byUrl = useQuery({ ...storyQuery(url), enabled: !isDetails });
  const byDetails = useQuery({ ...articleQuery(details), enabled: isDetails && wanted });
  const story = isDetails ? byDetails : byUrl;
  useViewEvent(story.data ? { kind: 'story_read', url: story.data.canonicalUrl } : null);
  const font = useFontSize();
  const [translated, setTranslated] = useState<string[] | null>(null);

  if (!wanted || (story.error instanceof ApiError && story.error.status === 404)) return <NotFound />;
  const s = story.data;
  if (!s && (story.isError || story.fetchStatus === 'paused'))
    return (
      <div className="article">
        <NoData query={story} />
      </div>
    );
  if (!s)
    return (
      <div className="article" aria-busy="true">
        {details.category && isDetails && <p className="article__kicker">{categoryName(details.category)}</p>}
        {details.articleName && isDetails ? (
          <h1 className="article__title">{details.articleName}</h1>
        ) : (
          <span className="skeleton skeleton--title" aria-hidden="true" />
        )}
        {details.magazineName && isDetails && <p className="article__meta">{details.magazineName}</p>}
      </div>
    );
  const label = s.isNews ? newsAgeLabel(s.publishedAt) : readTimeLabel(s.readTime);
  const paragraphs = translated ?? s.paragraphs;

  return (
    <article className="article" lang={translated ? undefined : s.lang} data-testid="story">
      <p className="article__kicker">{categoryName(s.category)}</p>
      <h1 className="article__title">{s.title}</h1>
      {s.subTitle && <p className="article__subtitle">{s.subTitle}</p>}
      <p className="article__meta">
        {s.magName && s.mid !== null && (
          <>
            <Link to={to(titlePath(s.mid, s.magName))}>{s.magName}</Link>
            {s.issueName && ` · ${s.issueName}`} ·{' '}
          </>
        )}
        <span data-testid="story-time">{t(label.key, { count: label.count })}</span>
      </p>
      {s.coverImage && <img className="article__cover" src={s.coverImage} alt="" width={800} height={420} />}
      <ArticleTools
        lang={s.lang}
        text={[s.title, ...s.paragraphs].join('\n\n')}
        font={font}
        paragraphs={s.paragraphs}
        translated={translated !== null}
        onTranslated={setTranslated}
      />
      <div className="article__body" style={{ fontSize: `${font.size}px` }} data-testid="story-body">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {s.moreFromTitle.length > 0 && (
        <div className="article__more">
          <Scroller
            id="more-from-title"
            title={t('stories.moreFrom', { name: s.magName })}
            count={s.moreFromTitle.length}
            variant="stories"
          >
            {s.moreFromTitle.map((m) => (
              <StoryCard key={m.browserLinkUrl} s={m} />
            ))}
          </Scroller>
        </div>
      )}
    </article>
  );
}
