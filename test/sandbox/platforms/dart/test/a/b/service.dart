// test/a/b/service.dart: sample file of the sandbox's dart project.
// Its frames' shapes are copied from Sentry's sample events (see test/sandbox/platforms.ts).
// step 3
// step 4
// step 5
// step 6
// step 7
// step 8
    throw StateError('service is closed');
// step 10
// step 11
// step 12
// step 13
// step 14
