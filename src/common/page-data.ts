/**
 * The public event as the server embeds it in a public event page's HTML
 * (`<script type="application/json" id="event-data">`), so the page starts without fetching it again.
 */
export const EVENT_DATA_ELEMENT_ID = 'event-data';
