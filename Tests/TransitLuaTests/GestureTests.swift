import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

// Issue 11 item 4: gesture recognizers through Lua. Each test asserts what UIKit documents (the
// state machine, target-action, the delegate, failure requirements) or a threshold Transit
// decided and docs/semantics.md ("Gestures") records.

/// A screen whose root view records every action call as "name:state" in `calls`.
private let gestureStage = """
    A = UIViewController.new{ title = "A" }
    transit.window.rootViewController = A
    root = A.view
    calls = {}
    function recorder(name) return function(g) calls[#calls + 1] = name .. ":" .. g.state end end
    function joined() return table.concat(calls, " ") end

    """

private func stage(_ body: String) throws -> SceneResult { try runScene(gestureStage + body) }

@Suite struct LongPressTests {
    @Test func defaultsAreUIKits() throws {
        let result = try stage("press = UILongPressGestureRecognizer.new()")
        #expect(try result.number("press.minimumPressDuration") == 0.5)
        #expect(try result.number("press.allowableMovement") == 10)
        #expect(try result.number("press.numberOfTouchesRequired") == 1)
    }

    @Test func beginsAfterMinimumPressDurationAndEndsWhenTheFingerLifts() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(function(g)
              calls[#calls + 1] = g.state
              if g.state == "began" then beganAt, fingers = transit.now(), tostring(g.numberOfTouches) end
            end)
            root:addGestureRecognizer(press)
            transit.touch.press{ at = CGPoint(100, 200), duration = 1 }
            transit.wait(2)
            """)
        #expect(try result.text("joined()") == "began ended")
        #expect(try result.number("beganAt") == 0.5)
        #expect(try result.text("fingers") == "1")
        #expect(try result.number("press.numberOfTouches") == 0)
    }

    @Test func failsWhenTheTouchMovesMoreThanAllowableMovementBeforeTheDuration() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(recorder("press"))
            root:addGestureRecognizer(press)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(130, 200), duration = 0.3, release = false }
            transit.wait(1)
            stateWhileHeld = press.state
            """)
        #expect(try result.text("joined()") == "")
        #expect(try result.text("stateWhileHeld") == "failed")
    }

    @Test func movementWithinAllowableMovementStillBeginsAndLaterMovesAreChanges() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(recorder("press"))
            root:addGestureRecognizer(press)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(106, 200), duration = 1 }
            transit.wait(2)
            """)
        let calls = try #require(try result.text("joined()"))
        #expect(calls.hasPrefix("press:began press:changed"))
        #expect(calls.hasSuffix("press:ended"))
    }

    @Test func liftingBeforeTheDurationFails() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(recorder("press"))
            press.minimumPressDuration = 0.8
            root:addGestureRecognizer(press)
            transit.touch.press{ at = CGPoint(100, 200), duration = 0.5 }
            transit.wait(1)
            """)
        #expect(try result.text("joined()") == "")
    }

    @Test func needsItsNumberOfTouches() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(recorder("press"))
            press.numberOfTouchesRequired = 2
            root:addGestureRecognizer(press)
            transit.touch.press{ at = CGPoint(100, 200), duration = 1 }
            transit.wait(2)
            oneFinger = joined()
            transit.touch.press{ at = CGPoint(100, 200), duration = 1, touches = 2 }
            transit.wait(2)
            """)
        #expect(try result.text("oneFinger") == "")
        #expect(try result.text("joined()") == "press:began press:ended")
    }
}

@Suite struct PinchTests {
    @Test func scaleFollowsTheFingerDistanceFromBeganToEnded() throws {
        let result = try stage("""
            pinch = UIPinchGestureRecognizer.new(function(g)
              calls[#calls + 1] = g.state
              last, lastVelocity = g.scale, g.velocity
              if g.state == "changed" and not midVelocity then midVelocity = g.velocity end
            end)
            root:addGestureRecognizer(pinch)
            transit.touch.pinch{ center = CGPoint(160, 300), fromScale = 1, toScale = 2, duration = 0.5 }
            transit.wait(1)
            """)
        let calls = try #require(try result.text("joined()"))
        #expect(calls.hasPrefix("began changed"))
        #expect(calls.hasSuffix("changed ended"))
        #expect(abs(try result.number("last") - 2) < 1e-9)
        // Scale per second: 1 → 2 in 0.5 s.
        #expect(abs(try result.number("midVelocity") - 2) < 1e-6)
    }

    @Test func settingScaleMakesLaterScalesRelative() throws {
        let result = try stage("""
            pinch = UIPinchGestureRecognizer.new(function(g)
              if g.state == "began" then g.scale = 1 end
              last = g.scale
            end)
            root:addGestureRecognizer(pinch)
            transit.touch.pinch{ from = 100, to = 50, duration = 0.5 }
            transit.wait(1)
            """)
        // 30 samples of 50/30 pt: it began at the 7th (the distance changed by more than 10 pt).
        #expect(abs(try result.number("last") - 50 / (100 - 7 * 50.0 / 30)) < 1e-9)
    }

    @Test func oneFingerNeverBeginsAPinch() throws {
        let result = try stage("""
            root:addGestureRecognizer(UIPinchGestureRecognizer.new(recorder("pinch")))
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(200, 300) }
            transit.wait(1)
            """)
        #expect(try result.text("joined()") == "")
    }
}

@Suite struct SwipeTests {
    func swipe(_ options: String, setup: String = "") throws -> String? {
        let result = try stage("""
            swipe = UISwipeGestureRecognizer.new(recorder("swipe"))
            \(setup)
            root:addGestureRecognizer(swipe)
            transit.touch.swipe{ \(options) }
            transit.wait(1)
            """)
        return try result.text("joined()")
    }

    @Test func isDiscreteAndRecognizedOnceInItsDirection() throws {
        #expect(try swipe("from = CGPoint(50, 300), to = CGPoint(250, 300)") == "swipe:ended")
    }

    @Test func defaultDirectionIsRight() throws {
        let result = try stage("swipe = UISwipeGestureRecognizer.new() first = swipe.direction[1] count = #swipe.direction")
        #expect(try result.text("first") == "right")
        #expect(try result.number("count") == 1)
    }

    @Test func anotherDirectionFails() throws {
        #expect(try swipe("from = CGPoint(250, 300), to = CGPoint(50, 300)") == "")
        #expect(try swipe("from = CGPoint(150, 100), to = CGPoint(150, 400)") == "")
    }

    @Test func severalDirectionsMayBeAllowed() throws {
        #expect(try swipe("from = CGPoint(150, 400), to = CGPoint(150, 100)", setup: "swipe.direction = { \"left\", \"up\" }") == "swipe:ended")
    }

    @Test func tooShortOrTooSlowFails() throws {
        #expect(try swipe("from = CGPoint(50, 300), to = CGPoint(90, 300)") == "")
        #expect(try swipe("from = CGPoint(50, 300), to = CGPoint(250, 300), duration = 3") == "")
    }

    @Test func mostlySidewaysMovementFails() throws {
        #expect(try swipe("from = CGPoint(50, 300), to = CGPoint(150, 400)") == "")
    }

    @Test func needsItsNumberOfTouches() throws {
        let setup = "swipe.numberOfTouchesRequired = 2"
        #expect(try swipe("from = CGPoint(50, 300), to = CGPoint(250, 300)", setup: setup) == "")
        #expect(try swipe("from = CGPoint(50, 300), to = CGPoint(250, 300), touches = 2", setup: setup) == "swipe:ended")
    }
}

@Suite struct TargetActionTests {
    /// Apple: a gesture recognizer "maintains a weak reference to its delegate", and targets are
    /// not retained either, so the object that made a recognizer goes away when the script
    /// drops it, and its `deinit` runs (ARNTransitionAnimator removes its recognizer there);
    /// the replacement's recognizer then takes the drag.
    @Test func anObjectThatOwnsARecognizerIsDeinitialisedWhenDroppedAndRemovesIt() throws {
        let result = try stage("""
            Animator = NSObject:subclass("Animator")
            function Animator:init(view, name)
              self.name = name
              self.pan = UIPanGestureRecognizer.new(self, "handlePan")
              self.pan.delegate = self
              view:addGestureRecognizer(self.pan)
            end
            function Animator:handlePan(g) if g.state == "began" then calls[#calls + 1] = self.name end end
            function Animator:deinit()
              deinited[#deinited + 1] = self.name
              self.pan.view:removeGestureRecognizer(self.pan)
            end
            deinited = {}
            animator = Animator.new(root, "first")
            firstPan = animator.pan
            transit.wait(0.1)
            beforeReplacing = #deinited
            animator = Animator.new(root, "second")
            transit.wait(0.1)
            firstPanView = tostring(firstPan.view)
            firstPanDelegate = tostring(firstPan.delegate)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(200, 200), duration = 0.2 }
            transit.wait(1)
            """)
        #expect(try result.number("beforeReplacing") == 0)
        #expect(try result.text("table.concat(deinited, ' ')") == "first")
        #expect(try result.text("firstPanView") == "nil")
        #expect(try result.text("firstPanDelegate") == "nil")
        #expect(try result.text("joined()") == "second")
        #expect(try result.bool("animator.pan.delegate == animator"))
    }

    /// A deinit's error is reported like any script error, naming its line.
    @Test func aDeinitThatFailsIsAnError() throws {
        do {
            _ = try stage("""
                Leaky = NSObject:subclass("Leaky")
                function Leaky:deinit() error("deinit failed") end
                leaky = Leaky.new()
                leaky = nil
                transit.wait(0.1)
                """)
            Issue.record("expected an error")
        } catch let error as ScriptError {
            #expect(error.message.contains("deinit failed"), "\(error.message)")
        }
    }

    @Test func targetsAreCalledInOrderWithAMethodNameOrAFunction() throws {
        let result = try stage("""
            Handler = NSObject:subclass("Handler")
            function Handler:handlePan(g) calls[#calls + 1] = "method:" .. g.state end
            handler = Handler.new()
            pan = UIPanGestureRecognizer.new(handler, "handlePan")
            pan:addTarget(handler, function(target, g) calls[#calls + 1] = (target == handler and "function:" or "wrong:") .. g.state end)
            root:addGestureRecognizer(pan)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 260), duration = 0.05 }
            transit.wait(1)
            """)
        let calls = try #require(try result.text("joined()"))
        #expect(calls.hasPrefix("method:began function:began method:changed function:changed"))
        #expect(calls.hasSuffix("method:ended function:ended"))
    }

    @Test func aTableTargetWorksAndAPairIsAddedOnce() throws {
        let result = try stage("""
            handler = { tap = function(self, g) calls[#calls + 1] = "tap:" .. g.state end }
            tap = UITapGestureRecognizer.new()
            tap:addTarget(handler, "tap")
            tap:addTarget(handler, "tap")
            root:addGestureRecognizer(tap)
            transit.touch.tap{ at = CGPoint(100, 200) }
            transit.wait(1)
            """)
        #expect(try result.text("joined()") == "tap:ended")
    }

    @Test func removeTargetRemovesTheMatchingPairsAndNilMatchesAll() throws {
        let result = try stage("""
            handler = { a = function(self, g) calls[#calls + 1] = "a" end, b = function(self, g) calls[#calls + 1] = "b" end }
            tap = UITapGestureRecognizer.new(recorder("initial"))
            tap:addTarget(handler, "a")
            tap:addTarget(handler, "b")
            tap:removeTarget(handler, "a")
            root:addGestureRecognizer(tap)
            transit.touch.tap{ at = CGPoint(100, 200) }
            transit.wait(1)
            afterOne = joined()
            calls = {}
            tap:removeTarget(nil, nil)
            transit.touch.tap{ at = CGPoint(100, 200) }
            transit.wait(1)
            """)
        #expect(try result.text("afterOne") == "initial:ended b")
        #expect(try result.text("joined()") == "")
    }

    @Test func aMissingMethodIsReportedWhereTheTargetIsAdded() throws {
        #expect(throws: (any Error).self) {
            try stage("pan = UIPanGestureRecognizer.new() pan:addTarget({}, \"handlePan\")")
        }
        do {
            _ = try stage("pan = UIPanGestureRecognizer.new()\npan:addTarget({}, \"handlePan\")")
        } catch {
            #expect("\(error)".contains("scene.lua:8:"))
            #expect("\(error)".contains("has no method \"handlePan\""))
        }
    }
}

@Suite struct GestureDelegateTests {
    @Test func shouldBeginFalseMakesTheRecognizerFail() throws {
        let result = try stage("""
            pan = UIPanGestureRecognizer.new(recorder("pan"))
            pan.delegate = { gestureRecognizerShouldBegin = function(self, g) asked = g == pan return false end }
            root:addGestureRecognizer(pan)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 300), release = false }
            transit.wait(0.5)
            state = pan.state
            """)
        #expect(try result.text("joined()") == "")
        #expect(try result.bool("asked"))
        #expect(try result.text("state") == "failed")
    }

    func nestedPans(delegate: String) throws -> String? {
        let result = try stage("""
            inner = UIView.new{ frame = CGRect(0, 100, 320, 300) }
            root:addSubview(inner)
            innerPan = UIPanGestureRecognizer.new(recorder("inner"))
            outerPan = UIPanGestureRecognizer.new(recorder("outer"))
            inner:addGestureRecognizer(innerPan)
            root:addGestureRecognizer(outerPan)
            \(delegate)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 240), duration = 0.05 }
            transit.wait(1)
            """)
        return try result.text("joined()")
    }

    @Test func theDeepestRecognizerWinsAndTheOtherFails() throws {
        let calls = try #require(try nestedPans(delegate: ""))
        #expect(!calls.contains("outer"))
        #expect(calls.hasPrefix("inner:began"))
    }

    @Test func eitherDelegateMayAllowSimultaneousRecognition() throws {
        for owner in ["innerPan", "outerPan"] {
            let calls = try #require(try nestedPans(delegate: "\(owner).delegate = { shouldRecognizeSimultaneouslyWith = function(self, g, other) return true end }"))
            #expect(calls.hasPrefix("inner:began outer:began"))
            #expect(calls.hasSuffix("inner:ended outer:ended"))
        }
    }

    @Test func requiringFailureThroughTheDelegateMatchesRequireToFail() throws {
        let viaRequire = try nestedPans(delegate: "innerPan:require(outerPan)")
        let viaDependent = try nestedPans(delegate: "innerPan.delegate = { shouldRequireFailureOf = function(self, g, other) return other == outerPan end }")
        let viaRequired = try nestedPans(delegate: "outerPan.delegate = { shouldBeRequiredToFailBy = function(self, g, other) return other == innerPan end }")
        // The inner pan waits for the outer one, which then recognizes first and makes it fail.
        let calls = try #require(viaRequire)
        #expect(calls.hasPrefix("outer:began"))
        #expect(!calls.contains("inner"))
        #expect(viaDependent == viaRequire)
        #expect(viaRequired == viaRequire)
    }

    @Test func aMisspeltDelegateHookIsAHookTypoProblem() throws {
        let result = try stage("""
            pan = UIPanGestureRecognizer.new(recorder("pan"))
            pan.delegate = { gestureRecognizerShouldBegn = function() return false end }
            root:addGestureRecognizer(pan)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 240), duration = 0.05 }
            transit.wait(1)
            """)
        #expect(result.world.problemRecords.map(\.id) == [.hookTypo], "\(result.world.problems)")
        #expect(result.world.problems.first?.contains("did you mean `gestureRecognizerShouldBegin`") == true)
        // Never called, so the pan began as if there were no delegate.
        #expect(try result.text("calls[1]") == "pan:began")
    }

    @Test func aNonBooleanAnswerIsAnError() throws {
        #expect(throws: (any Error).self) {
            try nestedPans(delegate: "innerPan.delegate = { gestureRecognizerShouldBegin = function() return 1 end }")
        }
    }
}

@Suite struct FailureRequirementTests {
    func panRequiringSwipe(_ touch: String) throws -> String? { try panRequiringSwipeScene(touch).text("joined()") }

    func panRequiringSwipeScene(_ touch: String) throws -> SceneResult {
        try stage("""
            swipe = UISwipeGestureRecognizer.new(recorder("swipe"))
            pan = UIPanGestureRecognizer.new(function(g)
              calls[#calls + 1] = "pan:" .. g.state
              if g.state == "began" then panBeganAt = transit.now() end
            end)
            pan:require(swipe)
            root:addGestureRecognizer(pan)
            root:addGestureRecognizer(swipe)
            \(touch)
            transit.wait(2)
            """)
    }

    @Test func theDependentNeverBeginsWhenTheOtherRecognizes() throws {
        #expect(try panRequiringSwipe("transit.touch.swipe{ from = CGPoint(50, 300), to = CGPoint(250, 300) }") == "swipe:ended")
    }

    @Test func theDependentBeginsOnceTheOtherFails() throws {
        // A slow drag (30 pt in the swipe's 0.5 s): the swipe fails, then the waiting pan begins.
        let result = try panRequiringSwipeScene("transit.touch.pan{ from = CGPoint(50, 300), to = CGPoint(110, 300), duration = 1 }")
        let calls = try #require(try result.text("joined()"))
        // Its own condition was met past 10 pt (0.18 s); it began when the swipe gave up at 0.5 s.
        #expect(try result.number("panBeganAt") == 0.5)
        #expect(calls.hasPrefix("pan:began pan:changed"))
        #expect(calls.hasSuffix("pan:ended"))
        #expect(!calls.contains("swipe"))
    }

    @Test func aTapRequiringALongPressWaitsForItToFail() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(recorder("press"))
            tap = UITapGestureRecognizer.new(recorder("tap"))
            tap:require(press)
            root:addGestureRecognizer(tap)
            root:addGestureRecognizer(press)
            transit.touch.tap{ at = CGPoint(100, 200) }
            transit.wait(1)
            short = joined()
            calls = {}
            transit.touch.press{ at = CGPoint(100, 200), duration = 1 }
            transit.wait(2)
            """)
        #expect(try result.text("short") == "tap:ended")
        #expect(try result.text("joined()") == "press:began press:ended")
    }
}

@Suite struct PanRecognizerTests {
    @Test func disablingDuringTheGestureCancelsItWithOneLastActionCall() throws {
        let result = try stage("""
            pan = UIPanGestureRecognizer.new(function(g)
              calls[#calls + 1] = g.state
              if g.state == "changed" and not toggled then
                toggled = true
                g.isEnabled = false   -- PanModal's way to cancel a drag
                g.isEnabled = true
              end
            end)
            root:addGestureRecognizer(pan)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 400), duration = 0.5 }
            transit.wait(1)
            """)
        #expect(try result.text("joined()") == "began changed cancelled")
    }

    @Test func disablingBeforeItBeganMakesItFailForThatTouch() throws {
        let result = try stage("""
            press = UILongPressGestureRecognizer.new(recorder("press"))
            root:addGestureRecognizer(press)
            transit.touch.press{ at = CGPoint(100, 200), duration = 1 }
            transit.wait(0.2)
            press.isEnabled = false
            stateWhenDisabled = press.state
            press.isEnabled = true
            transit.wait(2)
            """)
        #expect(try result.text("stateWhenDisabled") == "failed")
        #expect(try result.text("joined()") == "")
    }

    @Test func minimumAndMaximumNumberOfTouches() throws {
        let result = try stage("""
            pan = UIPanGestureRecognizer.new(recorder("pan"))
            root:addGestureRecognizer(pan)
            maxDefault = pan.maximumNumberOfTouches > 1000
            pan.minimumNumberOfTouches = 2
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 300), duration = 0.05 }
            transit.wait(1)
            oneFinger = joined()
            pan.minimumNumberOfTouches = 1
            pan.maximumNumberOfTouches = 1
            transit.touch.swipe{ from = CGPoint(100, 200), to = CGPoint(100, 300), touches = 2 }
            transit.wait(1)
            twoFingersOverMaximum = joined()
            """)
        #expect(try result.bool("maxDefault"))
        #expect(try result.text("oneFinger") == "")
        #expect(try result.text("twoFingersOverMaximum") == "")
    }

    @Test func setTranslationMakesTheCurrentTranslationReadAsGiven() throws {
        let result = try stage("""
            pan = UIPanGestureRecognizer.new(function(g)
              if g.state == "began" then g:setTranslation(CGPoint(0, 0), root) end
              last = g:translation(root)
            end)
            root:addGestureRecognizer(pan)
            transit.touch.pan{ from = CGPoint(100, 200), to = CGPoint(100, 260), duration = 0.1 }
            transit.wait(1)
            """)
        // 6 samples of 10 pt: began at the second (20 pt), so 40 pt after it.
        #expect(try result.number("last.y") == 40)
        #expect(try result.number("last.x") == 0)
    }

    @Test func cancelsTouchesInViewIsAccepted() throws {
        let result = try stage("pan = UIPanGestureRecognizer.new() before = pan.cancelsTouchesInView pan.cancelsTouchesInView = false")
        #expect(try result.bool("before"))
        #expect(try result.bool("pan.cancelsTouchesInView") == false)
    }
}

@Suite struct ScrollViewTests {
    private let scroller = """
        scroll = UIScrollView.new{ frame = CGRect(0, 100, 320, 300), contentSize = CGSize(320, 900) }
        root:addSubview(scroll)
        row = UIView.new{ frame = CGRect(0, 500, 320, 44) }
        scroll:addSubview(row)
        scrolled = 0
        scroll.delegate = { scrollViewDidScroll = function(self, s) scrolled = scrolled + 1 end }

        """

    @Test func aDragScrollsTheContentByTheBoundsOrigin() throws {
        let result = try stage(scroller + """
            transit.touch.pan{ from = CGPoint(160, 350), to = CGPoint(160, 200), duration = 0.25 }
            transit.wait(1)
            rowOnScreen = row:convert(CGPoint(0, 0), nil)
            """)
        // Moved 150 pt; the first 20 pt went into recognizing the pan (began at the second sample).
        #expect(try result.number("scroll.contentOffset.y") == 130)
        #expect(try result.number("scroll.bounds.y") == 130)
        #expect(try result.number("rowOnScreen.y") == 100 + 500 - 130)
        #expect(try result.number("scrolled") > 0)
        #expect(try result.bool("scroll.isDragging") == false)
    }

    @Test func theContentStopsAtItsEdges() throws {
        let result = try stage(scroller + """
            transit.touch.pan{ from = CGPoint(160, 150), to = CGPoint(160, 390), duration = 0.25 }
            transit.wait(1)
            atTop = scroll.contentOffset.y
            scroll.contentOffset = CGPoint(0, 500)
            transit.touch.pan{ from = CGPoint(160, 390), to = CGPoint(160, 110), duration = 0.25 }
            transit.wait(1)
            """)
        #expect(try result.number("atTop") == 0)
        #expect(try result.number("scroll.contentOffset.y") == 900 - 300)
    }

    @Test func contentInsetExtendsTheRange() throws {
        let result = try stage(scroller + """
            scroll.contentInset = { top = 40, left = 0, bottom = 0, right = 0 }
            transit.touch.pan{ from = CGPoint(160, 150), to = CGPoint(160, 390), duration = 0.25 }
            transit.wait(1)
            """)
        #expect(try result.number("scroll.contentOffset.y") == -40)
        #expect(try result.number("scroll.contentInset.top") == 40)
    }

    @Test func disablingScrollingStopsTheDrag() throws {
        let result = try stage(scroller + """
            scroll.isScrollEnabled = false
            transit.touch.pan{ from = CGPoint(160, 350), to = CGPoint(160, 200), duration = 0.25 }
            transit.wait(1)
            """)
        #expect(try result.number("scroll.contentOffset.y") == 0)
        #expect(try result.number("scrolled") == 0)
    }

    @Test func contentThatCannotScrollLeavesTheDragToTheViewsAround() throws {
        let result = try stage("""
            short = UIScrollView.new{ frame = CGRect(0, 100, 320, 300), contentSize = CGSize(320, 200) }
            root:addSubview(short)
            root:addGestureRecognizer(UIPanGestureRecognizer.new(recorder("outer")))
            short.panGestureRecognizer:addTarget(root, function(target, g) calls[#calls + 1] = "scroll:" .. g.state end)
            transit.touch.pan{ from = CGPoint(160, 350), to = CGPoint(160, 200), duration = 0.05 }
            transit.wait(1)
            notScrollable = joined()
            calls = {}
            short.alwaysBounceVertical = true
            transit.touch.pan{ from = CGPoint(160, 350), to = CGPoint(160, 200), duration = 0.05 }
            transit.wait(1)
            """)
        #expect(try result.text("notScrollable")?.hasPrefix("outer:began") == true)
        #expect(try result.text("calls[1]") == "scroll:began")
        #expect(try result.number("short.contentOffset.y") == 0)
    }

    /// Apple, "Nesting Scroll Views": cross-directional scrolling "is supported and provided by
    /// default" — a scroll view whose content scrolls only vertically does not take a
    /// horizontal drag, so the recognizers around it (here a pan on the screen) get it; a
    /// vertical drag is still its own.
    @Test func aVerticalScrollViewDoesNotClaimAHorizontalDrag() throws {
        let result = try stage(scroller + """
            root:addGestureRecognizer(UIPanGestureRecognizer.new(recorder("outer")))
            transit.touch.pan{ from = CGPoint(60, 250), to = CGPoint(260, 255), duration = 0.1 }
            transit.wait(1)
            horizontal = joined()
            calls = {}
            transit.touch.pan{ from = CGPoint(160, 350), to = CGPoint(165, 200), duration = 0.1 }
            transit.wait(1)
            vertical = joined()
            """)
        #expect(try result.text("horizontal")?.hasPrefix("outer:began") == true)
        #expect(try result.number("scroll.contentOffset.x") == 0)
        #expect(try result.text("vertical") == "")
        #expect(try result.number("scroll.contentOffset.y") > 0)
    }

    /// The navigation controller's interactivePopGestureRecognizer over a pushed screen that
    /// is a vertical list: the edge pan is horizontal, so the list lets it through and the
    /// pop happens, as on a device. Content that scrolls horizontally (or
    /// alwaysBounceHorizontal) claims the drag again, and the edge pan fails.
    @Test func anEdgePanBeginsOverAVerticalListAndNotOverHorizontallyScrollableContent() throws {
        let result = try runScene("""
            local A = UIViewController.new{ title = "A" }
            local B = UIViewController.new{ title = "B" }
            list = UIScrollView.new{ frame = B.view.bounds, contentSize = CGSize(B.view.bounds.width, 3000) }
            B.view:addSubview(list)
            nav = UINavigationController.new(A)
            transit.window.rootViewController = nav
            nav:pushViewController(B, false)
            transit.wait(0.5)
            transit.touch.edgePan{ edge = "left", to = 0.8, duration = 0.3 }
            transit.wait(1)
            afterVerticalList = #nav.viewControllers
            local C = UIViewController.new{ title = "C" }
            wide = UIScrollView.new{ frame = C.view.bounds, contentSize = CGSize(3000, 3000) }
            C.view:addSubview(wide)
            nav:pushViewController(C, false)
            transit.wait(0.5)
            transit.touch.edgePan{ edge = "left", to = 0.8, duration = 0.3 }
            transit.wait(1)
            afterWideContent = #nav.viewControllers
            wide.contentSize = CGSize(wide.bounds.width, 3000)
            wide.contentOffset = CGPoint(0, 0)
            wide.alwaysBounceHorizontal = true
            transit.touch.edgePan{ edge = "left", to = 0.8, duration = 0.3 }
            transit.wait(1)
            afterBounce = #nav.viewControllers
            """)
        #expect(try result.text("afterVerticalList") == "1")
        #expect(try result.text("afterWideContent") == "2")
        #expect(try result.number("wide.contentOffset.x") == 0)
        #expect(try result.text("afterBounce") == "2")
    }

    @Test func itsPanRecognizerIsARealPanRecognizer() throws {
        let result = try stage(scroller + """
            pan = scroll.panGestureRecognizer
            isPan = getmetatable(pan) ~= nil and pan.view == scroll and pan.minimumNumberOfTouches == 1
            pan:addTarget(root, function(target, g) calls[#calls + 1] = g.state end)
            transit.touch.pan{ from = CGPoint(160, 350), to = CGPoint(160, 300), duration = 0.05 }
            transit.wait(1)
            """)
        #expect(try result.bool("isPan"))
        #expect(try result.text("calls[1]") == "began")
        #expect(try result.text("tostring(scroll.panGestureRecognizer)")?.contains("UIPanGestureRecognizer") == true)
    }

    @Test func settingContentOffsetTellsTheDelegate() throws {
        let result = try stage(scroller + """
            scroll:setContentOffset(CGPoint(0, 50), false)
            scroll.contentOffset = CGPoint(0, 50)
            """)
        // The second assignment changes nothing, so only one call.
        #expect(try result.number("scrolled") == 1)
        #expect(try result.number("scroll.bounds.y") == 50)
    }

    /// PanModal's hand-over: the sheet's own pan recognizes together with the scroll view's
    /// pan; while the sheet is not at its top the scroll view is held at its offset
    /// (scrollViewDidScroll resets it), so a drag moves the sheet; at the top it scrolls.
    @Test func aSheetTakesTheDragUntilItIsAnchoredThenTheScrollViewScrolls() throws {
        let result = try stage("""
            sheet = UIView.new{ frame = CGRect(0, 300, 320, 568) }
            root:addSubview(sheet)
            scroll = UIScrollView.new{ frame = CGRect(0, 0, 320, 568), contentSize = CGSize(320, 2000) }
            sheet:addSubview(scroll)
            local topY, heldOffset = 0, 0
            local function anchored() return sheet.frame.y <= topY end
            scroll.delegate = { scrollViewDidScroll = function(self, s)
              if not anchored() then s.contentOffset = CGPoint(0, heldOffset) else heldOffset = math.max(0, s.contentOffset.y) end
            end }
            sheetPan = UIPanGestureRecognizer.new(function(g)
              if g.state ~= "changed" then return end
              local dy = g:translation(root).y
              if anchored() and (dy < 0 or scroll.contentOffset.y > 0) then g:setTranslation(CGPoint(0, 0), root) return end
              sheet.frame = sheet.frame:offsetBy(0, math.max(topY - sheet.frame.y, dy))
              g:setTranslation(CGPoint(0, 0), root)
            end)
            sheetPan.delegate = { shouldRecognizeSimultaneouslyWith = function(self, g, other) return other.view == scroll end }
            sheet:addGestureRecognizer(sheetPan)
            transit.touch.pan{ from = CGPoint(160, 500), to = CGPoint(160, 100), duration = 0.5 }
            transit.wait(1)
            """)
        // The first 300 pt of the drag lift the sheet to the top; the rest scrolls the content.
        #expect(try result.number("sheet.frame.y") == 0)
        let offset = try result.number("scroll.contentOffset.y")
        #expect(offset > 0 && offset <= 100)
    }
}

@Suite struct GestureArgumentTests {
    @Test func badValuesAreErrorsNamingTheMember() throws {
        let cases: [(String, String)] = [
            ("UILongPressGestureRecognizer.new().minimumPressDuration = -1", "minimumPressDuration: must be in 0...60"),
            ("UILongPressGestureRecognizer.new().allowableMovement = 0/0", "allowableMovement"),
            ("UIPinchGestureRecognizer.new().scale = 0", "scale: must be > 0"),
            ("UISwipeGestureRecognizer.new().direction = \"sideways\"", "direction must be a UISwipeGestureRecognizerDirection string"),
            ("UIPanGestureRecognizer.new().minimumNumberOfTouches = 0", "must be ≥ 1"),
            ("UIScrollView.new().contentSize = CGSize(-1, 10)", "must not be negative"),
            ("UIScrollView.new().contentInset = { top = 1 }", "contentInset must be a UIEdgeInsets"),
            ("transit.touch.pinch{ fromScale = 1 }", "toScale is required"),
            ("transit.touch.pinch{ toScale = 1e308, fromScale = 1e308 }", "must be finite"),
            ("transit.touch.swipe{ from = CGPoint(0, 0), to = CGPoint(1, 1), touches = 9 }", "touches must be a whole number of fingers in 1...5"),
            ("transit.touch.press{ duration = 1e9 }", "a touch lasts at most 60 s"),
            ("transit.touch.press{ at = CGPoint(0, 0), length = 1 }", "unknown option \"length\""),
            ("UIPanGestureRecognizer.new(nil, \"x\")", "an action needs a target"),
        ]
        for (line, expected) in cases {
            do {
                _ = try stage(line)
                Issue.record("expected an error from: \(line)")
            } catch {
                #expect("\(error)".contains(expected), "\(line) → \(error)")
            }
        }
    }
}

@Suite struct GestureLifetimeTests {
    /// Transit holds a recognizer's and a scroll view's delegate strongly, as it holds a
    /// transitioning delegate (docs/semantics.md, "Gestures and scroll views"): a delegate made
    /// inline keeps working, and keeps its own fields through collections.
    @Test func delegatesOnlyTheModelHoldsKeepWorkingWithTheirFields() throws {
        let result = try stage("""
            Delegate = NSObject:subclass("Delegate")
            function Delegate:shouldRecognizeSimultaneouslyWith(g, other) seen[#seen + 1] = self.note return true end
            function Delegate:scrollViewDidScroll(s) seen[#seen + 1] = self.note end
            seen = {}
            do
              local scroll = UIScrollView.new{ frame = CGRect(0, 0, 320, 400), contentSize = CGSize(320, 1000) }
              root:addSubview(scroll)
              local d1, d2 = Delegate.new(), Delegate.new()
              d1.note, d2.note = "recognizer", "scroll"
              local outer = UIPanGestureRecognizer.new()
              outer.delegate = d1
              root:addGestureRecognizer(outer)
              scroll.delegate = d2
            end
            for _ = 1, 3 do collectgarbage() transit.wait(0.1) end
            transit.touch.pan{ from = CGPoint(160, 300), to = CGPoint(160, 200), duration = 0.1 }
            transit.wait(1)
            """)
        let seen = try #require(try result.text("table.concat(seen, \" \")"))
        #expect(seen.contains("recognizer"))
        #expect(seen.contains("scroll"))
        #expect(!seen.contains("nil"))
    }
}

/// The first recognizers: an edge pan that begins only near its edge, and taps that reach the
/// frontmost view and fail once the finger moves.
@Suite struct EdgePanAndTapTests {
    @Test func edgePanBeginsOnlyNearItsEdgeAndReportsTranslation() throws {
        let result = try runScene("""
            local A = UIViewController.new()
            transit.window.rootViewController = A
            states = {}
            local pan = UIScreenEdgePanGestureRecognizer.new(function(g)
              states[#states + 1] = g.state
              if g.state == "ended" then lastTranslation = g:translation(g.view).x end
            end)
            pan.edges = "left"
            A.view:addGestureRecognizer(pan)
            transit.touch.edgePan{ edge = "left", to = 0.5, duration = 0.3 }
            transit.wait(0.5)
            first = table.concat(states, " ")
            states = {}
            transit.touch.pan{ from = CGPoint(40, 300), to = CGPoint(300, 300), duration = 0.3 }
            transit.wait(0.5)
            second = table.concat(states, " ")
            """)
        let first = try #require(try result.text("first"))
        #expect(first.hasPrefix("began changed"))
        #expect(first.hasSuffix("ended"))
        #expect(abs(try result.number("lastTranslation") - 0.5 * 375) < 1e-9)
        #expect(try result.text("second") == "")
    }

    @Test func tapsFailAfterMovementAndHitTheFrontmostView() throws {
        let result = try runScene("""
            local A = UIViewController.new()
            transit.window.rootViewController = A
            local back = UIView.new{ frame = CGRect(0, 0, 200, 200) }
            local front = UIView.new{ frame = CGRect(0, 0, 100, 100) }
            A.view:addSubview(back); A.view:addSubview(front)
            taps = {}
            back:addGestureRecognizer(UITapGestureRecognizer.new(function(g) taps[#taps + 1] = "back " .. g.state end))
            front:addGestureRecognizer(UITapGestureRecognizer.new(function(g) taps[#taps + 1] = "front " .. g.state end))
            transit.touch.tap{ at = CGPoint(50, 50) }
            transit.wait(0.2)
            transit.touch.tap{ at = CGPoint(150, 150) }
            transit.wait(0.2)
            transit.touch.pan{ from = CGPoint(150, 150), to = CGPoint(190, 190), duration = 0.2 }
            transit.wait(0.5)
            """)
        #expect(try result.text("table.concat(taps, ', ')") == "front ended, back ended")
    }
}
