/**
 * An <audio> or <video> element's state, read in the page (typed by hand: the e2e tests are
 * checked without the DOM library).
 */
import type { Page } from 'playwright-core';

export interface MediaState {
  src: string;
  readyState: number;
  duration: number;
  currentTime: number;
  paused: boolean;
  error: number | null;
}

export async function mediaState(page: Page, selector: string): Promise<MediaState> {
  return page.locator(selector).evaluate((el) => {
    const audio = el as unknown as {
      src: string;
      readyState: number;
      duration: number;
      currentTime: number;
      paused: boolean;
      error: { code: number } | null;
    };
    return {
      src: audio.src,
      readyState: audio.readyState,
      duration: audio.duration,
      currentTime: audio.currentTime,
      paused: audio.paused,
      error: audio.error?.code ?? null,
    };
  });
}
