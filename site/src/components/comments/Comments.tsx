import './Comments.css';
import { Provider } from 'jotai';
import { useState, type SubmitEvent } from 'react';
import { formatDuration } from '@app/shared/format/duration';
import type { InferResponseType } from 'hono/client';
import { HttpError } from '../../lib/http.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { userUrl } from '../../lib/slug.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { appStore } from '../../stores/store.ts';
import { toast } from '../../stores/toast.atoms.ts';

type CommentThread = InferResponseType<(typeof islandApi.tracks)[':id']['comments']['$get'], 200>['pagination']['data'][number];
/** A comment with its replies, or a reply (which has none of its own). */
type CommentView = Omit<CommentThread, 'replies'> & { replies?: CommentThread['replies'] };

interface Props {
  trackId: number;
  comments: CommentThread[];
  total: number;
  hasMore: boolean;
  loggedIn: boolean;
  lines: Lines;
  language: string;
}

/** Comments of a track with one level of replies. Text is rendered as text, never as markup. */
export default function Comments(props: Props) {
  return (
    <Provider store={appStore}>
      <Thread {...props} />
    </Provider>
  );
}

function CommentForm({ onSubmit, label, t, autoFocus }: { onSubmit: (content: string) => Promise<void>; label: string; t: ReturnType<typeof translator>; autoFocus?: boolean }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `comment-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const content = String(new FormData(form).get('content') ?? '');
    setBusy(true);
    setError(null);
    try {
      await onSubmit(content);
      form.reset();
    } catch (failure) {
      setError(failure instanceof HttpError ? (failure.errors.content ?? failure.message) : t('There was an issue. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {/* biome-ignore lint/a11y/noAutofocus: the reply box appears on a click on Reply, and the reply is typed there next */}
      <textarea id={id} name="content" rows={2} maxLength={1000} placeholder={label} required autoFocus={autoFocus} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      <button type="submit" className="button primary" disabled={busy || !hydrated}>
        {t('Post')}
      </button>
    </form>
  );
}

function Thread({ trackId, comments: initial, total: initialTotal, hasMore: initialHasMore, loggedIn, lines, language }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();
  const [comments, setComments] = useState(initial);
  const [total, setTotal] = useState(initialTotal);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [page, setPage] = useState(1);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);

  const post = async (content: string, parentId?: number) => {
    const { comment } = await ok(islandApi.tracks[':id'].comments.$post({ param: { id: String(trackId) }, json: { content, parent_id: parentId ?? null } }));
    setTotal((n) => n + 1);
    if (comment.parent_id) setComments((list) => list.map((c) => (c.id === comment.parent_id ? { ...c, replies: [...(c.replies ?? []), comment] } : c)));
    else setComments((list) => [comment, ...list]);
    setReplyingTo(null);
    toast(t('Comment posted'));
  };

  const remove = async (comment: CommentView) => {
    try {
      await ok(islandApi.comments[':id'].$delete({ param: { id: String(comment.id) } }));
      setTotal((n) => n - 1 - (comment.replies?.length ?? 0));
      setComments((list) => list.filter((c) => c.id !== comment.id).map((c) => ({ ...c, replies: c.replies?.filter((r) => r.id !== comment.id) })));
      toast(t('Comment deleted'));
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
    }
  };

  const loadMore = async () => {
    try {
      const { pagination } = await ok(islandApi.tracks[':id'].comments.$get({ param: { id: String(trackId) }, query: { page: page + 1 } }));
      setComments((list) => [...list, ...pagination.data]);
      setHasMore(pagination.has_more);
      setPage(page + 1);
    } catch (error) {
      toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
    }
  };

  const renderComment = (comment: CommentView, isReply: boolean) => (
    <li key={comment.id} className={`comment${isReply ? ' reply' : ''}`} data-testid="comment">
      <div className="avatar small" aria-hidden="true">
        {comment.user.image ? <img src={comment.user.image} alt="" width={32} height={32} /> : comment.user.name.slice(0, 1).toUpperCase()}
      </div>
      <div className="comment-body">
        <div className="comment-meta">
          <a href={userUrl(comment.user)}>{comment.user.name}</a>
          {comment.position !== null && <span className="muted"> {t('at :time', { time: formatDuration(comment.position * 1000) })}</span>}
          <span className="muted">
            {' · '}
            {/* "5 minutes ago" depends on the clock: the server's (maybe hours ago, for a cached page)
                would not match the browser's, so until hydrated both show the day. */}
            <time dateTime={comment.created_at}>{hydrated ? relativeTime(comment.created_at, language) : comment.created_at.slice(0, 10)}</time>
          </span>
        </div>
        <p className="comment-text">{comment.content}</p>
        <div className="comment-tools">
          {loggedIn && !isReply && (
            <button type="button" className="link-button" disabled={!hydrated} onClick={() => setReplyingTo(replyingTo === comment.id ? null : comment.id)}>
              {t('Reply')}
            </button>
          )}
          {comment.can_delete && (
            <button type="button" className="link-button" disabled={!hydrated} onClick={() => remove(comment)} aria-label={t('Delete comment by :name', { name: comment.user.name })}>
              {t('Delete')}
            </button>
          )}
        </div>
        {replyingTo === comment.id && <CommentForm t={t} label={t('Reply to :name', { name: comment.user.name })} onSubmit={(content) => post(content, comment.id)} autoFocus />}
        {comment.replies && comment.replies.length > 0 && <ul className="comment-list">{comment.replies.map((reply) => renderComment(reply, true))}</ul>}
      </div>
    </li>
  );

  return (
    <section className="section comments" aria-labelledby="comments-title">
      <div className="section-header">
        <h2 id="comments-title">{t('Comments (:count)', { count: total })}</h2>
      </div>
      {loggedIn ? (
        <CommentForm t={t} label={t('Write a comment')} onSubmit={(content) => post(content)} />
      ) : (
        <p className="muted">
          <a href="/login">{t('Log in')}</a> {t('to leave a comment.')}
        </p>
      )}
      {comments.length === 0 ? <p className="muted empty-state">{t('No comments yet. Be the first.')}</p> : <ul className="comment-list">{comments.map((c) => renderComment(c, false))}</ul>}
      {hasMore && (
        <button type="button" className="button" onClick={loadMore} disabled={!hydrated}>
          {t('Load more')}
        </button>
      )}
    </section>
  );
}
