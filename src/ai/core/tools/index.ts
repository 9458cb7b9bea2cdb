/**
 * Every language model tool, in the order they are registered. A new tool is one file of this
 * folder (built with defineTool, named after its key), its entry here, and its entry in package.json's
 * `contributes.languageModelTools` (its descriptions and input schema); test/unit/ai/core/tools/toolManifest.test.ts
 * checks all three agree.
 * No `vscode` import.
 */
import { issueDetails } from './issueDetails';
import { issuesAtLocation } from './issuesAtLocation';
import { searchIssues } from './searchIssues';
import { seerAnalysis } from './seerAnalysis';
import { tagDistribution } from './tagDistribution';
import type { ToolDefinition } from './tool';
import { updateIssue } from './updateIssue';

export const TOOLS = [searchIssues, issueDetails, tagDistribution, issuesAtLocation, updateIssue, seerAnalysis] as const;

export type ToolKey = (typeof TOOLS)[number]['key'];

/** The same list, each tool as a ToolDefinition whatever its input. */
export const ALL_TOOLS: readonly ToolDefinition[] = TOOLS;
