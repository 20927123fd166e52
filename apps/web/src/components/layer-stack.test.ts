import { afterEach, describe, expect, it } from 'vitest';
import { isOnLayerAbove } from './layer-stack';

function mount(html: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('isOnLayerAbove', () => {
  it('is true for a press in a portal mounted after the layer, false for one before it', () => {
    const before = mount('<button>toast</button>');
    const overlay = mount('');
    const dialog = mount('<p>post</p>');
    const viewer = mount('<button>thumbnail</button>');
    expect(isOnLayerAbove(dialog, viewer.querySelector('button'))).toBe(true);
    expect(isOnLayerAbove(dialog, before.querySelector('button'))).toBe(false);
    // The dialog's own overlay is mounted just before it: a press there still closes the dialog.
    expect(isOnLayerAbove(dialog, overlay)).toBe(false);
  });

  it('is false inside the layer itself, and for targets that are not in the document', () => {
    const dialog = mount('<p><b>post</b></p>');
    expect(isOnLayerAbove(dialog.querySelector('p'), dialog.querySelector('b'))).toBe(false);
    expect(isOnLayerAbove(dialog, document.createElement('button'))).toBe(false);
    expect(isOnLayerAbove(null, dialog)).toBe(false);
  });
});
