/**
 * The PvP rooms section's height in every state (loading, rooms, none, an error) and while its chunk
 * is on its way: the game list below never moves when the rooms arrive. Its own module, so the page
 * reads it without fetching the rooms' chunk.
 */
export const ROOMS_HEIGHT = 262;
