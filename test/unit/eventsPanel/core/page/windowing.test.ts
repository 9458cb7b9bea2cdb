import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RowHeights, scrollToReveal } from '../../../../../src/eventsPanel/core/page/windowing';

describe('webview windowing math', () => {
  it('estimates unmeasured rows and finds the rows of a viewport', () => {
    const r = new RowHeights(50);
    r.setCount(10_000);
    assert.equal(r.total(), 500_000);
    assert.deepEqual(r.range(0, 500), { start: 0, end: 11 });
    assert.deepEqual(r.range(250_000, 500), { start: 5000, end: 5011 });
    assert.deepEqual(r.range(499_900, 500), { start: 9998, end: 10_000 });
    assert.deepEqual(r.range(0, 500, 100), { start: 0, end: 13 });
  });

  it('measured heights move the rows after them', () => {
    const r = new RowHeights(50);
    r.setCount(100);
    assert.equal(r.set(3, 250), true);
    assert.equal(r.set(3, 250), false, 'the same height changes nothing');
    assert.equal(r.offsetOf(3), 150);
    assert.equal(r.offsetOf(4), 400);
    assert.equal(r.total(), 5200);
    assert.equal(r.indexAt(399), 3);
    assert.equal(r.indexAt(400), 4);
    r.invalidate(3);
    assert.equal(r.offsetOf(4), 200);
  });

  it('a new estimate applies to unmeasured rows only; growing keeps heights', () => {
    const r = new RowHeights(50);
    r.setCount(3);
    r.set(0, 10);
    r.setEstimate(20);
    assert.equal(r.total(), 10 + 20 + 20);
    r.setCount(200);
    assert.equal(r.heightOf(0), 10);
    assert.equal(r.total(), 10 + 199 * 20);
    r.reset(2);
    assert.equal(r.total(), 40);
  });

  it('empty lists and clamping', () => {
    const r = new RowHeights(30);
    assert.deepEqual(r.range(0, 100), { start: 0, end: 0 });
    r.setCount(5);
    assert.equal(r.indexAt(-10), 0);
    assert.equal(r.indexAt(1e9), 4);
  });

  it('scrollToReveal', () => {
    const r = new RowHeights(50);
    r.setCount(100);
    assert.equal(scrollToReveal(r, 5, 0, 500), undefined);
    assert.equal(scrollToReveal(r, 20, 0, 500), 1050 - 500);
    assert.equal(scrollToReveal(r, 2, 500, 500), 100);
    r.set(30, 2000);
    assert.equal(scrollToReveal(r, 30, 0, 500), 1500, 'a row taller than the viewport shows its top');
  });

  it('offsets equal the sum of the heights before (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(199), fc.integer({ min: 1, max: 400 })), { maxLength: 60 }), fc.integer({ min: 1, max: 100 }), (sets, est) => {
        const r = new RowHeights(est);
        r.setCount(200);
        const model = new Array<number>(200).fill(est);
        for (const [i, h] of sets) {
          r.set(i, h);
          model[i] = h;
          const probe = (i * 7) % 201;
          assert.equal(
            r.offsetOf(probe),
            model.slice(0, probe).reduce((a, b) => a + b, 0),
          );
        }
        let y = 0;
        for (let i = 0; i < 200; i++) {
          assert.equal(r.indexAt(y), i);
          y += model[i];
        }
      }),
    );
  });
});
