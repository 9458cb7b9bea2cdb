/**
 * The environments picker: @vscode-elements' multi-select under its own tag, whose face says what
 * is chosen as the period select beside it does ("All environments", "production", "2
 * environments"). The element's own face says "0 Selected" when nothing is chosen, which here means
 * every environment, and says it in English only. Its one maker of that text (`_renderLabel`) is
 * private in its declarations, so the override is typed loosely here and checked by the UI checks.
 * It returns a DOM node, which Lit inserts as it is: environment names are server strings, set as
 * text.
 */
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import { environmentsText } from './presentation';

export const ENVIRONMENTS_SELECT = 'sentry-environments-select';

declare global {
  interface HTMLElementTagNameMap {
    'sentry-environments-select': HTMLElementTagNameMap['vscode-multi-select'];
  }
}

/** Defines the element (in a browser; the unit tests' DOM has no custom elements). */
export function defineEnvironmentsSelect(): void {
  if (typeof customElements === 'undefined' || customElements.get(ENVIRONMENTS_SELECT)) return;
  const Base = customElements.get('vscode-multi-select') as (new () => HTMLElement & { readonly value: string[] }) | undefined;
  if (!Base) return;
  class EnvironmentsSelect extends Base {
    /** One node, its text updated: a new one each render would be a new click target under the pointer. */
    private face: HTMLElement | undefined;

    _renderLabel(): Node {
      if (!this.face) {
        this.face = document.createElement('span');
        this.face.className = 'text';
        // The multi-select's face has no padding of its own (its badge had margins): the select's.
        this.face.style.padding = '3px 20px 3px 4px';
      }
      this.face.textContent = environmentsText(this.value);
      return this.face;
    }
  }
  customElements.define(ENVIRONMENTS_SELECT, EnvironmentsSelect);
}

defineEnvironmentsSelect();
