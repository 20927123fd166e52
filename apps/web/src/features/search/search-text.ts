/** Every text of the search screen. Post texts are SPEC §2 Search, character for character. */
export const SEARCH_TEXT = {
  title: 'Search',
  prompt: 'Find posts, people, tags and places.',
  promptTitle: 'What are you looking for?',
  searching: 'Searching...',
  loadingMorePosts: 'Loading more posts...',
  endPosts: "You've seen all posts",
  noPosts: 'No posts found',
  tryAgain: 'Try adjusting your filters or search query.',
  loadingMoreUsers: 'Loading more people...',
  endUsers: "You've seen all people",
  noUsers: 'No users found',
  loadingMoreTags: 'Loading more tags...',
  endTags: "You've seen all tags",
  noTags: 'No tags found',
  loadingMorePlaces: 'Loading more places...',
  endPlaces: "You've seen all places",
  noPlaces: 'No places found',
  seeAll: 'See all',
} as const;

/** SPEC §2: "A follow action only shows an alert" — this is that alert (a toast, see useSearchFollowAlert). */
export function followAlertText(username: string): string {
  return `To follow @${username}, visit their profile.`;
}
