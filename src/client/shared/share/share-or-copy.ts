/** What the browser offers for passing text on; either may be missing (desktop, http, old browsers). */
export type ShareChannels = {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data: ShareData) => boolean) | undefined;
  clipboard?: { writeText: (text: string) => Promise<void> } | undefined;
};

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

/**
 * The phone's share sheet when there is one, else the clipboard. Closing the share sheet is the user's
 * choice (AbortError), not a failure; any other share error still tries the clipboard, so a browser that
 * refuses to share (no user activation left, say) copies instead. 'failed' leaves the caller to show the
 * text for copying by hand.
 */
export async function shareOrCopy(
  data: { title: string; text: string },
  channels: ShareChannels = navigator,
): Promise<ShareOutcome> {
  if (typeof channels.share === 'function' && (channels.canShare?.(data) ?? true)) {
    try {
      await channels.share(data);
      return 'shared';
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!channels.clipboard) return 'failed';
    await channels.clipboard.writeText(data.text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
