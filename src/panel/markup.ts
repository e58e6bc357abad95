// The panel's static body markup, shared by the VS Code webview (html.ts) and the browser
// benchmark page, so both run the identical front end. No inline styles or handlers.
export const PANEL_BODY = `<div id="app">
  <div id="toolbar" role="toolbar" aria-label="Device panel"><span id="toolbar-items"></span></div>
  <div id="human-turn" hidden>
    <div id="human-turn-text"></div>
    <div id="human-composing" hidden></div>
    <label id="human-note-row" hidden>Thought note (optional)
      <textarea id="human-note" rows="1" maxlength="4000" placeholder="What are you doing, and why? Recorded as this step's thought."></textarea></label>
  </div>
  <div id="body">
    <div id="stage" aria-label="Mirrored phone screen">
      <div id="message" hidden></div>
    </div>
    <div id="inspector-details" hidden></div>
  </div>
  <div id="captions">
    <div id="pending-caption" role="status" hidden></div>
    <div id="thought" hidden></div>
  </div>
  <div id="status" aria-live="polite"></div>
  <div id="toast" role="status" hidden></div>
</div>`;
