// The path Sentry applies a code mapping to: the munger of the event's platform and SDK, never the
// frame's own (try_munge_frame_path, src/sentry/utils/event_frames.py), with the cases of Sentry's
// own tests (tests/sentry/utils/test_event_frames.py, tests/sentry/issues/auto_source_code_config/
// test_code_mapping.py at e642e7202d993e829d798b7992452ddde48fe672).
import * as assert from 'node:assert/strict';
import { readFrameFields } from '../../../../src/model/event/framePath';
import { codeMappingSources, FLUTTER_SDK, sdkNameOf, sentryMungedPath } from '../../../../src/model/event/mungedPath';

describe("mungedPath: the path Sentry swaps a code mapping's stack root on", () => {
  it('java: get_path_from_module on module and abs_path, as test_convert_stacktrace_frame_path_to_source_path_java_no_source_context has it', () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['com.example.vu.android.MainActivity', 'MainActivity.java', 'com/example/vu/android/MainActivity.java'],
      // No extension in abs_path: the class itself, cut at its first `$`, with none.
      ['com.example.vu.android.MainActivity$$ExternalSyntheticLambda4', 'D8$$SyntheticClass', 'com/example/vu/android/MainActivity'],
      ['com.example.vu.android.empowerplant.MainFragment$3$1', 'MainFragment.java', 'com/example/vu/android/empowerplant/MainFragment.java'],
      ['com.example.foo.BarImpl$invoke$bazFetch$2', 'Bar.kt', 'com/example/foo/Bar.kt'],
      // test_platform_java_do_not_follow_java_package_naming_convention_does_not_raise_exception: no path.
      ['gsp_arcus_drops_proofReadingmodecInspectionProofRead_gsp$_run_closure2', 'gsp_arcus_drops_proofReadingmodecInspectionProofRead_gsp.groovy', undefined],
    ];
    for (const [module, absPath, want] of cases) {
      assert.equal(sentryMungedPath(readFrameFields({ filename: absPath, absPath, module }, 'java')), want, module);
    }
    // java_frame_munger needs module and abs_path both.
    assert.equal(sentryMungedPath(readFrameFields({ filename: 'Application.java', module: 'io.sentry.example.Application' }, 'java')), undefined);
  });

  it('cocoa: from the folder named like the package, that folder kept (package_relative_path)', () => {
    const frame = { package: 'SampleProject', filename: 'AppDelegate.swift', abs_path: '/Users/gszeto/code/SwiftySampleProject/SampleProject/Classes/App Delegate/AppDelegate.swift' };
    assert.equal(sentryMungedPath(readFrameFields(frame, 'cocoa')), 'SampleProject/Classes/App Delegate/AppDelegate.swift');
    assert.equal(sentryMungedPath(readFrameFields({ ...frame, package: '/d/' }, 'cocoa')), undefined);
  });

  it('other: only the Flutter SDK is munged; a pure Dart event keeps its package: URI (test_not_munged, test_flutter_munger_supported)', () => {
    const frame = { package: 'sentry_flutter_example', filename: 'test.dart', abs_path: 'package:sentry_flutter_example/a/b/test.dart', in_app: true };
    assert.equal(sentryMungedPath(readFrameFields(frame, 'other', FLUTTER_SDK)), 'a/b/test.dart');
    assert.equal(sentryMungedPath(readFrameFields(frame, 'other', 'sentry.dart')), undefined);
    assert.equal(sentryMungedPath(readFrameFields(frame, 'other')), undefined);
    assert.deepEqual(codeMappingSources(readFrameFields(frame, 'other', 'sentry.dart')), { path: 'test.dart', absPath: 'package:sentry_flutter_example/a/b/test.dart' });
    // test_dart_prefix_not_munged, test_different_package_not_munged, test_no_package_not_munged.
    assert.equal(sentryMungedPath(readFrameFields({ abs_path: 'dart:ui/a/b/test.dart' }, 'other', FLUTTER_SDK)), undefined);
    assert.equal(sentryMungedPath(readFrameFields({ package: 'sentry_flutter_example', abs_path: 'package:different_package/a/b/test.dart' }, 'other', FLUTTER_SDK)), undefined);
    assert.equal(sentryMungedPath(readFrameFields({ abs_path: 'package:different_package/a/b/test.dart' }, 'other', FLUTTER_SDK)), undefined);
    // Sentry finds `package:<package>` anywhere and takes it out once: a longer package name sharing the prefix keeps its tail.
    assert.equal(sentryMungedPath(readFrameFields({ package: 'my_app', abs_path: 'package:my_app_extra/x.dart' }, 'other', FLUTTER_SDK)), '_extra/x.dart');
  });

  it("a React Native event's JVM frame: the event is javascript, so no munger, whatever the frame's own platform", () => {
    const jvm = { filename: 'MainApplication.kt', absPath: 'MainApplication.kt', module: 'com.samplenewarchitecture.MainApplication', platform: 'java' };
    const inRn = readFrameFields(jvm, 'javascript', 'sentry.javascript.react-native');
    assert.equal(inRn.platform, 'java', "the frame's own platform still says how to read it");
    assert.equal(inRn.eventPlatform, 'javascript');
    assert.deepEqual(codeMappingSources(inRn), { path: 'MainApplication.kt', absPath: 'MainApplication.kt' });
    assert.deepEqual(codeMappingSources(readFrameFields(jvm, 'java', 'sentry.java.android')), { path: 'com/samplenewarchitecture/MainApplication.kt', absPath: 'MainApplication.kt' });
  });

  it("an event's SDK name, when it is a short string", () => {
    assert.equal(sdkNameOf({ sdk: { name: 'sentry.dart.flutter', version: '8.3.0' } }), 'sentry.dart.flutter');
    assert.equal(sdkNameOf({ sdk: { name: 7 } }), undefined);
    assert.equal(sdkNameOf({ sdk: 'sentry.dart' }), undefined);
    assert.equal(sdkNameOf({ sdk: { name: 'x'.repeat(101) } }), undefined);
    assert.equal(sdkNameOf(null), undefined);
  });
});
