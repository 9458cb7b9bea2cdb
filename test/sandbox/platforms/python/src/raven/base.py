# src/raven/base.py: sample file of the sandbox's python project.
# Its frames' shapes are copied from Sentry's sample events (see test/sandbox/platforms.ts).
# step 3
# step 4
# step 5
# step 6
# step 7
# step 8
# step 9
# step 10
# step 11
    raise ValueError("message is required")
# step 13
# step 14
# step 15
