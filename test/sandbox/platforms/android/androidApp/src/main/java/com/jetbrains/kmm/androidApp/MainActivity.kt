// androidApp/src/main/java/com/jetbrains/kmm/androidApp/MainActivity.kt: sample file of the sandbox's android project.
// Its frames' shapes are copied from Sentry's sample events (see test/sandbox/platforms.ts).
// step 3
// step 4
// step 5
// step 6
// step 7
// step 8
// step 9
// step 10
// step 11
// step 12
// step 13
    throw IllegalArgumentException("Greeting is empty")
// step 15
// step 16
// step 17
