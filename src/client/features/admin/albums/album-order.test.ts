import { expect, test } from 'vitest';
import { reorderedAlbums } from './album-order.ts';

const albums = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
const ids = (list: { id: number }[] | null) => list?.map((album) => album.id);

test('dropping an album on another moves it to that place', () => {
  expect(ids(reorderedAlbums(albums, 1, 3))).toEqual([2, 3, 1, 4]);
  expect(ids(reorderedAlbums(albums, 4, 1))).toEqual([4, 1, 2, 3]);
});

test('a drop without a destination, or on its own place, changes nothing', () => {
  expect(reorderedAlbums(albums, 2, undefined)).toBeNull();
  expect(reorderedAlbums(albums, 2, 2)).toBeNull();
});

test('an id no longer in the list (deleted meanwhile) changes nothing', () => {
  expect(reorderedAlbums(albums, 9, 2)).toBeNull();
  expect(reorderedAlbums(albums, 2, 9)).toBeNull();
});

test('the given list is left as it was', () => {
  reorderedAlbums(albums, 1, 4);
  expect(ids(albums)).toEqual([1, 2, 3, 4]);
});
