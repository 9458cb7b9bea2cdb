// Answers of GET …/autofix/ in both shapes, as the sources cited in src/model/seer describe them.
export const agentCompleted = {
  autofix: {
    run_id: 4242,
    status: 'completed',
    updated_at: '2026-11-28T04:00:00Z',
    pending_user_input: null,
    repo_pr_states: { 'acme/web': { repo_name: 'acme/web', pr_url: 'https://github.com/acme/web/pull/7', pr_number: 7, pr_creation_status: 'completed' } },
    coding_agents: {},
    blocks: [
      {
        id: 'b1',
        message: { role: 'assistant', content: 'Looking at the stack.' },
        timestamp: '2026-11-28T03:59:00Z',
        loading: false,
        artifacts: [{ key: 'root_cause', reason: 'done', data: { one_line_description: 'Old cause', five_whys: [], reproduction_steps: [] } }],
        todos: [{ content: 'Investigate', status: 'completed' }],
      },
      {
        id: 'b2',
        message: { role: 'assistant', content: 'Found it.' },
        timestamp: '2026-11-28T04:00:00Z',
        loading: false,
        artifacts: [
          {
            key: 'root_cause',
            reason: 'done',
            data: {
              one_line_description: 'cart.total is undefined when the cart is empty',
              five_whys: ['total() reads items[0]'],
              reproduction_steps: ['Open /checkout with an empty cart', 'total() throws'],
              relevant_repo: 'acme/web',
            },
          },
          { key: 'solution', reason: 'done', data: { one_line_summary: 'Return 0 for an empty cart', steps: [{ title: 'Guard empty carts', description: 'Check items.length first' }] } },
        ],
        merged_file_patches: [
          {
            repo_name: 'acme/web',
            patch: {
              path: 'src/cart.js',
              type: 'M',
              added: 1,
              removed: 1,
              hunks: [
                {
                  source_start: 1,
                  source_length: 3,
                  target_start: 1,
                  target_length: 3,
                  section_header: '',
                  lines: [
                    { line_type: ' ', value: 'function total(items) {\n' },
                    { line_type: '-', value: '  return items[0].price;\n' },
                    { line_type: '+', value: '  return items.length ? items[0].price : 0;\n' },
                    { line_type: ' ', value: '}\n' },
                  ],
                },
              ],
            },
          },
        ],
      },
    ],
  },
};

export const agentProcessing = {
  autofix: {
    run_id: 4243,
    status: 'processing',
    updated_at: '2026-11-28T04:00:00Z',
    blocks: [
      {
        id: 'b1',
        message: { role: 'assistant', content: 'Thinking' },
        timestamp: 't',
        loading: true,
        artifacts: [],
        todos: [
          { content: 'Investigate failing request', status: 'completed' },
          { content: 'Read cart.js', status: 'in_progress' },
        ],
      },
    ],
    pending_user_input: null,
    repo_pr_states: {},
  },
};

export const legacyCompleted = {
  autofix: {
    run_id: 17,
    status: 'COMPLETED',
    updated_at: '2025-04-09T22:39:50.778146',
    repositories: [{ name: 'acme/web', provider: 'github', external_id: '1', url: 'https://github.com/acme/web' }],
    steps: [
      { type: 'default', key: 'root_cause_analysis_processing', status: 'COMPLETED', title: 'Analyzing', progress: [{ message: 'Reading the stack', timestamp: 't', type: 'INFO' }] },
      {
        type: 'root_cause_analysis',
        key: 'root_cause_analysis',
        status: 'COMPLETED',
        title: 'Root Cause Analysis',
        progress: [],
        causes: [
          {
            id: 0,
            description: 'cart.total is undefined when the cart is empty',
            root_cause_reproduction: [
              {
                title: 'The user opens checkout with an empty cart',
                code_snippet_and_analysis: 'GET /checkout',
                timeline_item_type: 'human_action',
                is_most_important_event: false,
                relevant_code_file: null,
              },
              {
                title: 'total() reads items[0]',
                code_snippet_and_analysis: '```js\nitems[0].price\n```',
                timeline_item_type: 'internal_code',
                is_most_important_event: true,
                relevant_code_file: { file_path: 'src/cart.js', repo_name: 'acme/web' },
              },
            ],
          },
        ],
      },
      {
        type: 'solution',
        key: 'solution',
        status: 'COMPLETED',
        title: 'Solution',
        progress: [],
        description: 'Return 0 for an empty cart',
        solution: [
          { title: 'Guard empty carts', code_snippet_and_analysis: 'if (!items.length) return 0', is_active: true, timeline_item_type: 'internal_code', relevant_code_file: null },
          { title: 'A dropped idea', is_active: false, timeline_item_type: 'internal_code' },
        ],
      },
      {
        type: 'changes',
        key: 'changes',
        status: 'COMPLETED',
        title: 'Code Changes',
        progress: [],
        changes: [
          {
            repo_name: 'acme/web',
            title: 'Guard empty carts',
            description: '',
            diff: [{ path: 'src/cart.js', type: 'M', added: 1, removed: 1 }],
            diff_str:
              'diff --git a/src/cart.js b/src/cart.js\n--- a/src/cart.js\n+++ b/src/cart.js\n@@ -1,3 +1,3 @@\n function total(items) {\n-  return items[0].price;\n+  return items.length ? items[0].price : 0;\n }\n',
          },
        ],
      },
    ],
  },
};

export const legacyNeedsInfo = {
  autofix: {
    run_id: 18,
    status: 'NEED_MORE_INFORMATION',
    steps: [{ type: 'default', key: 'rca', status: 'NEED_MORE_INFORMATION', progress: [{ message: 'Which payment provider is used in production?' }] }],
  },
};

export const CART_BEFORE = 'function total(items) {\n  return items[0].price;\n}\n';
export const CART_AFTER = 'function total(items) {\n  return items.length ? items[0].price : 0;\n}\n';
