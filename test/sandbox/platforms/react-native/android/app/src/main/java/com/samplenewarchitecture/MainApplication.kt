// android/app/src/main/java/com/samplenewarchitecture/MainApplication.kt: sample file of the sandbox's react-native project.
// Its frames' shapes are copied from Sentry's sample events (see test/sandbox/platforms.ts).
// step 3
// step 4
// step 5
// step 6
// step 7
// step 8
// step 9
// step 10
        throw IllegalStateException("SoLoader failed to load the app")
// step 12
// step 13
// step 14
// step 15
// step 16
