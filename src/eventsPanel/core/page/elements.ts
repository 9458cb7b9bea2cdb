/**
 * The @vscode-elements custom elements the page uses: registered here (each import defines its
 * element) and created typed. Each element's own declarations add it to HTMLElementTagNameMap,
 * so `value`, `checked` and the rest are typed without casts; only the elements imported here exist
 * in the page (the bundle keeps what is used).
 */
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import { ENVIRONMENTS_SELECT } from './environmentsSelect';
import { h, type Child, type Props } from './dom';

export type Button = HTMLElementTagNameMap['vscode-button'];
export type Checkbox = HTMLElementTagNameMap['vscode-checkbox'];
export type MultiSelect = HTMLElementTagNameMap['vscode-multi-select'];
export type SingleSelect = HTMLElementTagNameMap['vscode-single-select'];
export type Textfield = HTMLElementTagNameMap['vscode-textfield'];

export const button = (props: Props, ...children: Child[]): Button => h('vscode-button', props, ...children);
export const checkbox = (props: Props): Checkbox => h('vscode-checkbox', props);
export const multiSelect = (props: Props): MultiSelect => h('vscode-multi-select', props);
/** The environments picker: a multi-select whose face reads like a select's (./environmentsSelect). */
export const environmentsSelect = (props: Props): MultiSelect => h(ENVIRONMENTS_SELECT, props);
export const singleSelect = (props: Props): SingleSelect => h('vscode-single-select', props);
export const textfield = (props: Props): Textfield => h('vscode-textfield', props);
export const option = (value: string, text: string): HTMLElementTagNameMap['vscode-option'] => h('vscode-option', { attrs: { value }, text });
export const badge = (text: string): HTMLElementTagNameMap['vscode-badge'] => h('vscode-badge', { attrs: { variant: 'counter' }, text });
export const progressBar = (props: Props): HTMLElementTagNameMap['vscode-progress-bar'] => h('vscode-progress-bar', props);
