export const SWAP_EVENT_CHANNEL = 'swap_event';

/** What a swap proposed or changed notifies: the swap, and its two participants. */
type SwapEventNotice = { swapId: number; userIds: number[] };

export const swapEventPayload = (notice: SwapEventNotice) => JSON.stringify(notice);

export const parseSwapEvent = (payload: string) => JSON.parse(payload) as SwapEventNotice;
