// Code mappings as Sentry applies them: in get_sorted_code_mapping_configs's order (user-defined before
// generated, a leading `/` before the rest, a more specific root before the root it starts with), each
// on the path Sentry swaps (the munger of the event's platform and SDK), the first whose file the
// workspace has winning; the frame's own derivation finds files only where no mapping did. Cases from
// tests/sentry/issues/auto_source_code_config/test_code_mapping.py (e642e7202d993e829d798b7992452ddde48fe672).
import * as assert from 'node:assert/strict';
import { PathIndex } from '../../../../src/editor/core/pathIndex';
import { applyCodeMapping, resolveInIndex, sortCodeMappings, type CodeMapping, type IndexResolution } from '../../../../src/editor/core/frameResolver';
import { pathForms, readFrameFields } from '../../../../src/model/event/framePath';
import { codeMappingSources, FLUTTER_SDK } from '../../../../src/model/event/mungedPath';

function indexOf(...files: string[]): PathIndex {
  const index = new PathIndex();
  for (const f of files) index.add(0, f);
  return index;
}

function resolve(index: PathIndex, frame: Record<string, unknown>, platform: string, sdk: string | undefined, mappings: CodeMapping[]): IndexResolution {
  const fields = readFrameFields(frame, platform, sdk);
  return resolveInIndex(index, pathForms(fields), mappings, codeMappingSources(fields));
}

const shown = (r: IndexResolution) => (r.kind === 'file' ? `${r.file.path} (${r.via})` : r.kind === 'ambiguous' ? `ambiguous: ${r.candidates.map((f) => f.path).join(', ')}` : 'none');

describe("frameResolver: code mappings in Sentry's order, on Sentry's path", () => {
  it("orders mappings as Sentry's own test_get_sorted_code_mapping_configs expects", () => {
    const m = (id: number, stackRoot: string, automaticallyGenerated: boolean): CodeMapping => ({ id: String(id), stackRoot, sourceRoot: '', automaticallyGenerated });
    const mappings = [
      m(1, '', false),
      m(2, 'usr/src/getsentry/src/', true),
      m(3, 'usr/src/getsentry/', false),
      m(4, 'usr/src/', false),
      m(5, 'usr/src/getsentry/src/sentry/', true),
      m(6, '/Users/User/code/src/getsentry/src/sentry/', false),
    ];
    // Handed in any order: Sentry takes them by id.
    assert.deepEqual(
      sortCodeMappings([...mappings].reverse()).map((x) => x.id),
      ['6', '3', '4', '1', '5', '2'],
    );
  });

  it("a user's mapping with a shorter stack root beats a longer generated one", () => {
    const index = indexOf('php/src/sentry/p/kanga.php', 'php/tests/kanga.php');
    const mappings: CodeMapping[] = [
      { id: '1', stackRoot: '/sentry/p/', sourceRoot: 'php/tests/', automaticallyGenerated: true },
      { id: '2', stackRoot: '/sentry/', sourceRoot: 'php/src/sentry/', automaticallyGenerated: false },
    ];
    assert.deepEqual(
      sortCodeMappings(mappings).map((x) => x.stackRoot),
      ['/sentry/', '/sentry/p/'],
    );
    const frame = { filename: '/sentry/p/kanga.php', abs_path: '/sentry/p/kanga.php' };
    assert.equal(shown(resolve(index, frame, 'php', 'sentry.php', mappings)), 'php/src/sentry/p/kanga.php (codeMapping)');
    // The generated one still applies where the user's does not name a file.
    const onlyTests = indexOf('php/tests/kanga.php');
    assert.equal(shown(resolve(onlyTests, frame, 'php', 'sentry.php', mappings)), 'php/tests/kanga.php (codeMapping)');
  });

  it('only a leading / makes a stack root absolute: a C:\\ root is tried with the relative ones', () => {
    const mappings: CodeMapping[] = [
      { id: '1', stackRoot: 'C:\\build\\agent\\work\\', sourceRoot: '' },
      { id: '2', stackRoot: '/srv/', sourceRoot: '' },
    ];
    assert.deepEqual(
      sortCodeMappings(mappings).map((x) => x.id),
      ['2', '1'],
    );
  });

  it('swaps as convert_stacktrace_frame_path_to_source_path does: the root as stored, then \\ made /, leading / dropped', () => {
    const src = (frame: Record<string, unknown>, platform: string, sdk: string) => codeMappingSources(readFrameFields(frame, platform, sdk));
    assert.equal(applyCodeMapping(src({ filename: 'sentry/file.py' }, 'python', 'sentry.python'), { stackRoot: '', sourceRoot: 'src/' }), 'src/sentry/file.py');
    assert.equal(
      applyCodeMapping(src({ filename: 'file.py', abs_path: '/Users/Foo/src/sentry/folder/file.py' }, 'python', 'sentry.python'), { stackRoot: '/Users/Foo/src/sentry/', sourceRoot: 'src/sentry/' }),
      'src/sentry/folder/file.py',
    );
    assert.equal(
      applyCodeMapping(src({ filename: 'File.java', module: 'sentry.module.File', abs_path: 'File.java' }, 'java', 'sentry.java'), { stackRoot: 'sentry/', sourceRoot: 'src/sentry/' }),
      'src/sentry/module/File.java',
    );
    const windows = src({ filename: 'file.rs', abs_path: 'C:\\Users\\Foo\\src\\sentry\\folder\\file.rs' }, 'rust', 'sentry.rust');
    assert.equal(applyCodeMapping(windows, { stackRoot: 'C:\\Users\\Foo\\', sourceRoot: '/' }), 'src/sentry/folder/file.rs');
    // The stack root is compared as stored: written with / it does not start a path written with \.
    assert.equal(applyCodeMapping(windows, { stackRoot: 'C:/Users/Foo/', sourceRoot: '/' }), undefined);
  });

  it('a React Native event with JVM frames: a mapping of the package path is not applied (no munger for javascript), as on Android it is', () => {
    const main = 'react-native/android/app/src/main/java/com/samplenewarchitecture/MainApplication.kt';
    const release = 'react-native/android/app/src/release/java/com/samplenewarchitecture/MainApplication.kt';
    const index = indexOf(main, release);
    const mappings: CodeMapping[] = [{ id: '1', stackRoot: 'com/samplenewarchitecture/', sourceRoot: 'react-native/android/app/src/release/java/com/samplenewarchitecture/' }];
    const frame = { filename: 'MainApplication.kt', absPath: 'MainApplication.kt', module: 'com.samplenewarchitecture.MainApplication', platform: 'java' };
    assert.equal(shown(resolve(index, frame, 'java', 'sentry.java.android', mappings)), `${release} (codeMapping)`);
    // Sentry swaps the bare file name here, which the root does not start: the package path alone cannot tell the two apart.
    assert.equal(shown(resolve(index, frame, 'javascript', 'sentry.javascript.react-native', mappings)), `ambiguous: ${main}, ${release}`);
    // With one of them, the frame's own derivation finds it, through no mapping.
    assert.equal(shown(resolve(indexOf(main), frame, 'javascript', 'sentry.javascript.react-native', mappings)), `${main} (munged)`);
  });

  it("a pure Dart package: frame: a mapping of Flutter's munged path is not applied; one of the package: URI is", () => {
    const mine = 'packages/my_package/lib/a/b/service.dart';
    const other = 'packages/other_app/lib/a/b/service.dart';
    const index = indexOf(mine, other);
    const frame = { filename: 'service.dart', abs_path: 'package:my_package/a/b/service.dart', package: 'my_package', in_app: true };
    const munged: CodeMapping[] = [{ id: '1', stackRoot: 'a/', sourceRoot: 'packages/other_app/lib/a/' }];
    assert.equal(shown(resolve(index, frame, 'other', FLUTTER_SDK, munged)), `${other} (codeMapping)`);
    assert.equal(shown(resolve(index, frame, 'other', 'sentry.dart', munged)), `ambiguous: ${mine}, ${other}`);
    const uri: CodeMapping[] = [...munged, { id: '2', stackRoot: 'package:my_package/', sourceRoot: 'packages/my_package/lib/' }];
    assert.equal(shown(resolve(index, frame, 'other', 'sentry.dart', uri)), `${mine} (codeMapping)`);
  });

  it('the first mapping whose file the workspace has wins; two copies of that path are told apart by the frame, or said', () => {
    const index = indexOf('a/src/app/x.py', 'b/src/app/x.py');
    const mappings: CodeMapping[] = [
      { id: '1', stackRoot: 'app/', sourceRoot: 'lib/app/' },
      { id: '2', stackRoot: 'app/', sourceRoot: 'src/app/' },
    ];
    assert.equal(shown(resolve(index, { filename: 'app/x.py' }, 'python', 'sentry.python', mappings)), 'ambiguous: a/src/app/x.py, b/src/app/x.py');
    assert.equal(shown(resolve(index, { filename: 'app/x.py', abs_path: '/home/ci/b/src/app/x.py' }, 'python', 'sentry.python', mappings)), 'b/src/app/x.py (codeMapping)');
  });
});
