import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CARD_TEXT, COLLECTION_TEXT, EDIT_POST_TEXT } from '../../lib/text';
import { renderWithProviders } from '../../test/render';
import { OwnPostMenu, PostCardMenu } from './OwnPostMenu.lazy';
import { stubApi } from './post-fixtures';

beforeEach(() => {
  stubApi({});
});

describe("a card's ⋯ before its menu's code is in", () => {
  it('keeps a press on the stand-in and opens the author’s menu once the code arrives', async () => {
    renderWithProviders(<OwnPostMenu postId="p1" />);
    // The first render is the stand-in (the menu's code is loading); press it at once.
    fireEvent.click(screen.getByRole('button', { name: CARD_TEXT.moreOptions }));
    expect(await screen.findByRole('menuitem', { name: EDIT_POST_TEXT.editPost })).toBeInTheDocument();
  });

  it("does the same for the menu on someone else's card", async () => {
    renderWithProviders(<PostCardMenu postId="p2" />);
    fireEvent.click(screen.getByRole('button', { name: CARD_TEXT.moreOptions }));
    expect(await screen.findByRole('menuitem', { name: COLLECTION_TEXT.saveTo })).toBeInTheDocument();
  });

  it('stays closed when nobody pressed it', async () => {
    renderWithProviders(<OwnPostMenu postId="p3" />);
    await screen.findByRole('button', { name: CARD_TEXT.moreOptions, expanded: false });
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });
});
