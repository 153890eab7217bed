// UIKit's Swift declaration of every bound method and class function, by the class that declares
// it in Lua ("UIView.insertSubviewBelow" → "insertSubview(_:belowSubview:)"). TransitAPI applies
// them to the description (`APIFunction.swiftName`) as it is built, and from there they drive the
// Swift and Objective-C spellings a port is told about (SwiftSpellings.swift), the stubs and the
// docs. A test (SwiftNameCoverageTests) keeps the table and the bindings in step: every method and
// class function of every bound class is here or in `transitOnly`, and every key names one.
//
// Where Swift makes a Lua method a property (`presentedView`), the declaration is the `var`.
// C functions (CATransform3DRotate) are written as called from Swift.

enum SwiftNames {
    static let declarations: [String: String] = [
        // CoreGraphics values
        "CGRect.new": "init(x:y:width:height:)", "CGRect.offsetBy": "offsetBy(dx:dy:)", "CGRect.insetBy": "insetBy(dx:dy:)",
        "CGRect.contains": "contains(_:)", "CGRect.intersects": "intersects(_:)", "CGRect.union": "union(_:)", "CGRect.equalTo": "equalTo(_:)",
        "CGPoint.new": "init(x:y:)", "CGPoint.equalTo": "equalTo(_:)",
        "CGSize.new": "init(width:height:)", "CGSize.equalTo": "equalTo(_:)",
        "CGVector.new": "init(dx:dy:)",
        "CGAffineTransform.new": "init(a:b:c:d:tx:ty:)", "CGAffineTransform.scale": "init(scaleX:y:)",
        "CGAffineTransform.translation": "init(translationX:y:)", "CGAffineTransform.rotation": "init(rotationAngle:)",
        "CGAffineTransform.scaledBy": "scaledBy(x:y:)", "CGAffineTransform.translatedBy": "translatedBy(x:y:)",
        "CGAffineTransform.rotated": "rotated(by:)", "CGAffineTransform.concatenating": "concatenating(_:)", "CGAffineTransform.inverted": "inverted()",
        "CATransform3D.rotation": "CATransform3DMakeRotation(_:_:_:_:)", "CATransform3D.translation": "CATransform3DMakeTranslation(_:_:_:)",
        "CATransform3D.scale": "CATransform3DMakeScale(_:_:_:)", "CATransform3D.affine": "CATransform3DMakeAffineTransform(_:)",
        "CATransform3D.rotated": "CATransform3DRotate(_:_:_:_:_:)", "CATransform3D.translated": "CATransform3DTranslate(_:_:_:_:)",
        "CATransform3D.scaled": "CATransform3DScale(_:_:_:_:)", "CATransform3D.concatenating": "CATransform3DConcat(_:_:)",
        "UIColor.new": "init(red:green:blue:alpha:)", "UIColor.withAlphaComponent": "withAlphaComponent(_:)",
        "UIEdgeInsets.new": "init(top:left:bottom:right:)", "NSDirectionalEdgeInsets.new": "init(top:leading:bottom:trailing:)",
        "IndexPath.new": "init(item:section:)",
        // NSObject
        "NSObject.isSubclass": "isSubclass(of:)", "NSObject.isKind": "isKind(of:)", "NSObject.isMember": "isMember(of:)",
        // UIView
        "UIView.animate": "animate(withDuration:delay:options:animations:completion:)",
        "UIView.animateKeyframes": "animateKeyframes(withDuration:delay:options:animations:completion:)",
        "UIView.addKeyframe": "addKeyframe(withRelativeStartTime:relativeDuration:animations:)",
        "UIView.transition": "transition(with:duration:options:animations:completion:)",
        "UIView.performWithoutAnimation": "performWithoutAnimation(_:)",
        "UIView.addSubview": "addSubview(_:)", "UIView.insertSubview": "insertSubview(_:at:)",
        "UIView.insertSubviewBelow": "insertSubview(_:belowSubview:)", "UIView.insertSubviewAbove": "insertSubview(_:aboveSubview:)",
        "UIView.isDescendant": "isDescendant(of:)", "UIView.removeFromSuperview": "removeFromSuperview()",
        "UIView.bringSubviewToFront": "bringSubviewToFront(_:)", "UIView.sendSubviewToBack": "sendSubviewToBack(_:)",
        "UIView.layoutIfNeeded": "layoutIfNeeded()", "UIView.setNeedsLayout": "setNeedsLayout()", "UIView.layoutSubviews": "layoutSubviews()",
        "UIView.convert": "convert(_:to:)", "UIView.convertFrom": "convert(_:from:)",
        "UIView.snapshotView": "snapshotView(afterScreenUpdates:)", "UIView.hitTest": "hitTest(_:with:)",
        "UIView.addGestureRecognizer": "addGestureRecognizer(_:)", "UIView.removeGestureRecognizer": "removeGestureRecognizer(_:)",
        "UIView.drawHierarchy": "drawHierarchy(in:afterScreenUpdates:)",
        "UIView.resizableSnapshotView": "resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)",
        "UIView.addConstraint": "addConstraint(_:)", "UIView.addConstraints": "addConstraints(_:)",
        "UIView.removeConstraint": "removeConstraint(_:)", "UIView.removeConstraints": "removeConstraints(_:)",
        "UIView.addLayoutGuide": "addLayoutGuide(_:)", "UIView.removeLayoutGuide": "removeLayoutGuide(_:)",
        "UIView.invalidateIntrinsicContentSize": "invalidateIntrinsicContentSize()",
        "UIView.setContentHuggingPriority": "setContentHuggingPriority(_:for:)", "UIView.contentHuggingPriority": "contentHuggingPriority(for:)",
        "UIView.setContentCompressionResistancePriority": "setContentCompressionResistancePriority(_:for:)",
        "UIView.contentCompressionResistancePriority": "contentCompressionResistancePriority(for:)",
        "UIView.setNeedsUpdateConstraints": "setNeedsUpdateConstraints()", "UIView.updateConstraintsIfNeeded": "updateConstraintsIfNeeded()",
        "UIView.updateConstraints": "updateConstraints()",
        // CALayer
        "CALayer.addSublayer": "addSublayer(_:)", "CALayer.insertSublayer": "insertSublayer(_:at:)",
        "CALayer.insertSublayerBelow": "insertSublayer(_:below:)", "CALayer.insertSublayerAbove": "insertSublayer(_:above:)",
        "CALayer.removeFromSuperlayer": "removeFromSuperlayer()", "CALayer.add": "add(_:forKey:)",
        "CALayer.removeAnimation": "removeAnimation(forKey:)", "CALayer.animationKeys": "animationKeys()",
        "CALayer.animation": "animation(forKey:)", "CALayer.presentation": "presentation()", "CALayer.removeAllAnimations": "removeAllAnimations()",
        // UIBezierPath
        "UIBezierPath.move": "move(to:)", "UIBezierPath.addLine": "addLine(to:)",
        "UIBezierPath.addCurve": "addCurve(to:controlPoint1:controlPoint2:)", "UIBezierPath.addQuadCurve": "addQuadCurve(to:controlPoint:)",
        "UIBezierPath.addArc": "addArc(withCenter:radius:startAngle:endAngle:clockwise:)", "UIBezierPath.close": "close()",
        "UIBezierPath.append": "append(_:)", "UIBezierPath.apply": "apply(_:)", "UIBezierPath.removeAllPoints": "removeAllPoints()",
        "UIBezierPath.copy": "copy()",
        // UIViewController
        "UIViewController.loadViewIfNeeded": "loadViewIfNeeded()", "UIViewController.addChild": "addChild(_:)",
        "UIViewController.removeFromParent": "removeFromParent()", "UIViewController.willMoveToParent": "willMove(toParent:)",
        "UIViewController.didMoveToParent": "didMove(toParent:)", "UIViewController.present": "present(_:animated:completion:)",
        "UIViewController.dismiss": "dismiss(animated:completion:)",
        "UIViewController.beginAppearanceTransition": "beginAppearanceTransition(_:animated:)",
        "UIViewController.endAppearanceTransition": "endAppearanceTransition()",
        "UIViewController.setNeedsStatusBarAppearanceUpdate": "setNeedsStatusBarAppearanceUpdate()",
        // Gestures and scrolling
        "UIGestureRecognizer.location": "location(in:)", "UIGestureRecognizer.addTarget": "addTarget(_:action:)",
        "UIGestureRecognizer.removeTarget": "removeTarget(_:action:)", "UIGestureRecognizer.require": "require(toFail:)",
        "UIPanGestureRecognizer.translation": "translation(in:)", "UIPanGestureRecognizer.velocity": "velocity(in:)",
        "UIPanGestureRecognizer.setTranslation": "setTranslation(_:in:)",
        "UIScrollView.setZoomScale": "setZoomScale(_:animated:)", "UIScrollView.setContentOffset": "setContentOffset(_:animated:)",
        // Timing and animators
        "CAMediaTimingFunction.new": "init(controlPoints:_:_:_:)", "UISpringTimingParameters.new": "init(dampingRatio:initialVelocity:)",
        "UIViewPropertyAnimator.addAnimations": "addAnimations(_:delayFactor:)", "UIViewPropertyAnimator.addCompletion": "addCompletion(_:)",
        "UIViewPropertyAnimator.startAnimation": "startAnimation(afterDelay:)", "UIViewPropertyAnimator.pauseAnimation": "pauseAnimation()",
        "UIViewPropertyAnimator.stopAnimation": "stopAnimation(_:)", "UIViewPropertyAnimator.finishAnimation": "finishAnimation(at:)",
        "UIViewPropertyAnimator.continueAnimation": "continueAnimation(withTimingParameters:durationFactor:)",
        "CATransaction.begin": "begin()", "CATransaction.commit": "commit()", "CATransaction.flush": "flush()",
        "CATransaction.setDisableActions": "setDisableActions(_:)", "CATransaction.disableActions": "disableActions()",
        "CATransaction.setAnimationDuration": "setAnimationDuration(_:)", "CATransaction.animationDuration": "animationDuration()",
        "CATransaction.setAnimationTimingFunction": "setAnimationTimingFunction(_:)", "CATransaction.setCompletionBlock": "setCompletionBlock(_:)",
        // Presentation controllers
        "UIPresentationController.presentedView": "var presentedView: UIView?",
        "UIPresentationController.frameOfPresentedViewInContainerView": "var frameOfPresentedViewInContainerView: CGRect",
        "UIPresentationController.shouldRemovePresentersView": "var shouldRemovePresentersView: Bool",
        "UIPresentationController.shouldPresentInFullscreen": "var shouldPresentInFullscreen: Bool",
        "UIPresentationController.sizeForChildContentContainer": "size(forChildContentContainer:withParentContainerSize:)",
        "UIPresentationController.adaptivePresentationStyle": "adaptivePresentationStyle(for:)",
        "UIPresentationController.presentationTransitionWillBegin": "presentationTransitionWillBegin()",
        "UIPresentationController.dismissalTransitionWillBegin": "dismissalTransitionWillBegin()",
        "UIPresentationController.containerViewWillLayoutSubviews": "containerViewWillLayoutSubviews()",
        "UIPresentationController.containerViewDidLayoutSubviews": "containerViewDidLayoutSubviews()",
        "UIPresentationController.presentationTransitionDidEnd": "presentationTransitionDidEnd(_:)",
        "UIPresentationController.dismissalTransitionDidEnd": "dismissalTransitionDidEnd(_:)",
        "UIPresentationController.preferredContentSizeDidChange": "preferredContentSizeDidChange(forChildContentContainer:)",
        "UIPresentationController.viewWillTransitionToSize": "viewWillTransition(to:with:)",
        "UISheetPresentationControllerDetent.medium": "medium()", "UISheetPresentationControllerDetent.large": "large()",
        "UISheetPresentationControllerDetent.custom": "custom(identifier:resolver:)",
        "UISheetPresentationControllerDetent.resolvedValue": "resolvedValue(in:)",
        "UISheetPresentationController.animateChanges": "animateChanges(_:)", "UISheetPresentationController.invalidateDetents": "invalidateDetents()",
        "UISheetPresentationController.frameOfPresentedViewInContainerView": "var frameOfPresentedViewInContainerView: CGRect",
        "UIPopoverPresentationController.frameOfPresentedViewInContainerView": "var frameOfPresentedViewInContainerView: CGRect",
        "UIPopoverPresentationController.shouldRemovePresentersView": "var shouldRemovePresentersView: Bool",
        "UIPopoverPresentationController.adaptivePresentationStyle": "adaptivePresentationStyle(for:)",
        // The transition context and coordinator
        "UIViewControllerContextTransitioning.viewController": "viewController(forKey:)", "UIViewControllerContextTransitioning.view": "view(forKey:)",
        "UIViewControllerContextTransitioning.initialFrame": "initialFrame(for:)", "UIViewControllerContextTransitioning.finalFrame": "finalFrame(for:)",
        "UIViewControllerContextTransitioning.completeTransition": "completeTransition(_:)",
        "UIViewControllerContextTransitioning.updateInteractiveTransition": "updateInteractiveTransition(_:)",
        "UIViewControllerContextTransitioning.finishInteractiveTransition": "finishInteractiveTransition()",
        "UIViewControllerContextTransitioning.cancelInteractiveTransition": "cancelInteractiveTransition()",
        "UIViewControllerContextTransitioning.pauseInteractiveTransition": "pauseInteractiveTransition()",
        "UIViewControllerContextTransitioningIOS7.viewController": "viewController(forKey:)",
        "UIViewControllerContextTransitioningIOS7.initialFrame": "initialFrame(for:)", "UIViewControllerContextTransitioningIOS7.finalFrame": "finalFrame(for:)",
        "UIViewControllerContextTransitioningIOS7.completeTransition": "completeTransition(_:)",
        "UIViewControllerContextTransitioningIOS7.updateInteractiveTransition": "updateInteractiveTransition(_:)",
        "UIViewControllerContextTransitioningIOS7.finishInteractiveTransition": "finishInteractiveTransition()",
        "UIViewControllerContextTransitioningIOS7.cancelInteractiveTransition": "cancelInteractiveTransition()",
        "UIViewControllerContextTransitioningIOS7.pauseInteractiveTransition": "pauseInteractiveTransition()",
        "UIViewControllerTransitionCoordinator.animateAlongsideTransition": "animate(alongsideTransition:completion:)",
        "UIViewControllerTransitionCoordinator.animateAlongsideTransitionIn": "animateAlongsideTransition(in:animation:completion:)",
        "UIViewControllerTransitionCoordinator.notifyWhenInteractionChanges": "notifyWhenInteractionChanges(_:)",
        "UIViewControllerTransitionCoordinator.viewController": "viewController(forKey:)", "UIViewControllerTransitionCoordinator.view": "view(forKey:)",
        "UIPercentDrivenInteractiveTransition.update": "update(_:)", "UIPercentDrivenInteractiveTransition.finish": "finish()",
        "UIPercentDrivenInteractiveTransition.cancel": "cancel()", "UIPercentDrivenInteractiveTransition.pause": "pause()",
        "UIPercentDrivenInteractiveTransition.updateInteractiveTransition": "update(_:)",
        "UIPercentDrivenInteractiveTransition.finishInteractiveTransition": "finish()",
        "UIPercentDrivenInteractiveTransition.cancelInteractiveTransition": "cancel()",
        "UIPercentDrivenInteractiveTransition.startInteractiveTransition": "startInteractiveTransition(_:)",
        // Containers and controls
        "UINavigationController.pushViewController": "pushViewController(_:animated:)",
        "UINavigationController.popViewController": "popViewController(animated:)",
        "UINavigationController.popToRootViewController": "popToRootViewController(animated:)",
        "UINavigationController.popToViewController": "popToViewController(_:animated:)",
        "UINavigationController.setViewControllers": "setViewControllers(_:animated:)",
        "UINavigationController.setNavigationBarHidden": "setNavigationBarHidden(_:animated:)",
        "UIButton.setTitle": "setTitle(_:for:)", "UIButton.title": "title(for:)", "UIButton.setTitleColor": "setTitleColor(_:for:)",
        "UIButton.titleColor": "titleColor(for:)", "UIButton.setImage": "setImage(_:for:)",
        "UIButton.addTarget": "addTarget(_:action:for:)", "UIButton.removeTarget": "removeTarget(_:action:for:)",
        "UIButton.sendActions": "sendActions(for:)",
        "UIApplication.beginIgnoringInteractionEvents": "beginIgnoringInteractionEvents()",
        "UIApplication.endIgnoringInteractionEvents": "endIgnoringInteractionEvents()",
        // Auto Layout
        "NSLayoutConstraint.activate": "activate(_:)", "NSLayoutConstraint.deactivate": "deactivate(_:)",
        "NSLayoutAnchor.constraint": "constraint(equalTo:constant:)",
        // Run loop, feedback, images
        "DispatchTime.now": "now()", "DispatchQueue.async": "async(execute:)", "DispatchQueue.asyncAfter": "asyncAfter(deadline:execute:)",
        "Timer.scheduledTimer": "scheduledTimer(withTimeInterval:repeats:block:)", "Timer.invalidate": "invalidate()", "Timer.fire": "fire()",
        "CADisplayLink.add": "add(to:forMode:)", "CADisplayLink.remove": "remove(from:forMode:)", "CADisplayLink.invalidate": "invalidate()",
        "UIFeedbackGenerator.prepare": "prepare()", "UISelectionFeedbackGenerator.selectionChanged": "selectionChanged()",
        "UIImpactFeedbackGenerator.impactOccurred": "impactOccurred(intensity:)",
        "UINotificationFeedbackGenerator.notificationOccurred": "notificationOccurred(_:)",
        "UIGraphicsImageRenderer.image": "image(actions:)",
        // Lists
        "UICollectionViewLayout.invalidateLayout": "invalidateLayout()", "UICollectionViewLayout.layoutAttributesForItem": "layoutAttributesForItem(at:)",
        "UICollectionViewLayout.collectionViewContentSize": "var collectionViewContentSize: CGSize",
        "UICollectionViewCell.prepareForReuse": "prepareForReuse()", "UITableViewCell.prepareForReuse": "prepareForReuse()",
        "UICollectionView.register": "register(_:forCellWithReuseIdentifier:)", "UICollectionView.cellForItem": "cellForItem(at:)",
        "UICollectionView.indexPath": "indexPath(for:)", "UICollectionView.indexPathForItem": "indexPathForItem(at:)",
        "UICollectionView.reloadData": "reloadData()", "UICollectionView.numberOfItems": "numberOfItems(inSection:)",
        "UICollectionView.dequeueReusableCell": "dequeueReusableCell(withReuseIdentifier:for:)",
        "UICollectionView.layoutAttributesForItem": "layoutAttributesForItem(at:)",
        "UICollectionView.scrollToItem": "scrollToItem(at:at:animated:)", "UICollectionView.selectItem": "selectItem(at:animated:scrollPosition:)",
        "UICollectionView.deselectItem": "deselectItem(at:animated:)",
        "UITableView.register": "register(_:forCellReuseIdentifier:)", "UITableView.cellForRow": "cellForRow(at:)",
        "UITableView.indexPath": "indexPath(for:)", "UITableView.indexPathForRow": "indexPathForRow(at:)", "UITableView.reloadData": "reloadData()",
        "UITableView.numberOfRows": "numberOfRows(inSection:)", "UITableView.dequeueReusableCell": "dequeueReusableCell(withIdentifier:for:)",
        "UITableView.rectForRow": "rectForRow(at:)", "UITableView.scrollToRow": "scrollToRow(at:at:animated:)",
        "UITableView.selectRow": "selectRow(at:animated:scrollPosition:)", "UITableView.deselectRow": "deselectRow(at:animated:)",
        // UIKit Dynamics
        "UIDynamicAnimator.addBehavior": "addBehavior(_:)", "UIDynamicAnimator.removeBehavior": "removeBehavior(_:)",
        "UIDynamicAnimator.removeAllBehaviors": "removeAllBehaviors()", "UIDynamicAnimator.items": "items(in:)",
        "UIDynamicAnimator.updateItem": "updateItem(usingCurrentState:)",
        "UIDynamicBehavior.addChildBehavior": "addChildBehavior(_:)", "UIDynamicBehavior.removeChildBehavior": "removeChildBehavior(_:)",
        "UIGravityBehavior.addItem": "addItem(_:)", "UIGravityBehavior.removeItem": "removeItem(_:)", "UIGravityBehavior.setAngle": "setAngle(_:magnitude:)",
        "UICollisionBehavior.addItem": "addItem(_:)", "UICollisionBehavior.removeItem": "removeItem(_:)",
        "UICollisionBehavior.addBoundary": "addBoundary(withIdentifier:from:to:)", "UICollisionBehavior.removeBoundary": "removeBoundary(withIdentifier:)",
        "UICollisionBehavior.removeAllBoundaries": "removeAllBoundaries()",
        "UIPushBehavior.addItem": "addItem(_:)", "UIPushBehavior.removeItem": "removeItem(_:)", "UIPushBehavior.setAngle": "setAngle(_:magnitude:)",
        "UIDynamicItemBehavior.addItem": "addItem(_:)", "UIDynamicItemBehavior.removeItem": "removeItem(_:)",
        "UIDynamicItemBehavior.addLinearVelocity": "addLinearVelocity(_:for:)", "UIDynamicItemBehavior.linearVelocity": "linearVelocity(for:)",
        "UIDynamicItemBehavior.addAngularVelocity": "addAngularVelocity(_:for:)", "UIDynamicItemBehavior.angularVelocity": "angularVelocity(for:)",
        // iOS 18 preferred transitions
        "UIViewController.Transition.zoom": "zoom(options:sourceViewProvider:)", "UIViewController.Transition.coverVertical": "coverVertical()",
        "UIViewController.Transition.crossDissolve": "crossDissolve()", "UIViewController.Transition.flipHorizontal": "flipHorizontal()",
        "UIViewController.Transition.partialCurl": "partialCurl()",
    ]

    /// The Lua form a message names, where the parameters' names alone do not say what to
    /// pass (an options table).
    static let luaForms: [String: String] = [
        "UIView.animate": "UIView.animate{duration=, delay=, options=, animations=, completion=} or UIView.animate(duration, animations, completion)",
        "UIView.animateKeyframes": "UIView.animateKeyframes{duration=, delay=, options=, animations=, completion=}",
        "UIView.transition": "UIView.transition{with=view, duration=, options=, animations=, completion=}",
        "NSLayoutAnchor.constraint": "anchor:constraint{equalTo=anchor, constant=} (or greaterThanOrEqualTo=, lessThanOrEqualTo=, multiplier=, equalToConstant=)",
        "UIViewController.Transition.zoom": "UIViewController.Transition.zoom{sourceViewProvider=function(ctx) return view end}",
        "UISheetPresentationControllerDetent.custom": "UISheetPresentationController.Detent.custom{identifier=, resolver=function(ctx) return height end}",
    ]

    /// Spellings a port writes that the Swift declaration does not give: Objective-C selectors'
    /// first parts where they differ from the Swift name, and the other overloads of one Lua
    /// method (`constraint{...}` takes every relation).
    static let otherSpellings: [String: [String]] = [
        "UIView.convert": ["convertRect", "convertPoint", "convertRectToView", "convertPointToView"],
        "UIView.convertFrom": ["convertRectFromView", "convertPointFromView"],
        "UIView.transition": ["transitionWithView", "transitionFromView", "transitionFrom"],
        "UIView.animate": ["animateWithDurationAnimations", "animateWithDurationDelayUsingSpringWithDamping"],
        "UIView.hitTest": ["hitTestWithEvent"],
        "CALayer.add": ["addAnimation", "addAnimationForKey"],
        "CALayer.presentation": ["presentationLayer"],
        "UIBezierPath.move": ["moveToPoint"], "UIBezierPath.addLine": ["addLineToPoint"],
        "UIBezierPath.addCurve": ["addCurveToPoint"], "UIBezierPath.addQuadCurve": ["addQuadCurveToPoint"],
        "UIBezierPath.close": ["closePath"], "UIBezierPath.append": ["appendPath"], "UIBezierPath.apply": ["applyTransform"],
        "UIViewController.addChild": ["addChildViewController"], "UIViewController.removeFromParent": ["removeFromParentViewController"],
        "UIViewController.willMoveToParent": ["willMoveToParentViewController"], "UIViewController.didMoveToParent": ["didMoveToParentViewController"],
        "UIViewController.present": ["presentViewController"], "UIViewController.dismiss": ["dismissViewControllerAnimated", "dismissViewController"],
        "UIGestureRecognizer.location": ["locationInView"], "UIGestureRecognizer.require": ["requireGestureRecognizerToFail"],
        "UIPanGestureRecognizer.translation": ["translationInView"], "UIPanGestureRecognizer.velocity": ["velocityInView"],
        "UIPanGestureRecognizer.setTranslation": ["setTranslationInView"],
        "UIViewControllerContextTransitioning.initialFrame": ["initialFrameForViewController"],
        "UIViewControllerContextTransitioning.finalFrame": ["finalFrameForViewController"],
        "UIViewControllerContextTransitioningIOS7.initialFrame": ["initialFrameForViewController"],
        "UIViewControllerContextTransitioningIOS7.finalFrame": ["finalFrameForViewController"],
        "UIViewControllerTransitionCoordinator.animateAlongsideTransitionIn": ["animateAlongsideTransitionInView"],
        "UIPercentDrivenInteractiveTransition.finishInteractiveTransition": ["finishInteractive"],
        "UIPresentationController.sizeForChildContentContainer": ["sizeForChildContentContainerWithParentContainerSize"],
        "UIPresentationController.viewWillTransitionToSize": ["viewWillTransitionToSizeWithTransitionCoordinator"],
        "NSLayoutAnchor.constraint": ["constraintEqualToAnchor", "constraintGreaterThanOrEqualTo", "constraintGreaterThanOrEqualToAnchor",
                                      "constraintLessThanOrEqualTo", "constraintLessThanOrEqualToAnchor", "constraintEqualToConstant",
                                      "constraintGreaterThanOrEqualToConstant", "constraintLessThanOrEqualToConstant"],
        "UIButton.title": ["titleForState"], "UIButton.titleColor": ["titleColorForState"],
        "UIButton.setTitle": ["setTitleForState"], "UIButton.setTitleColor": ["setTitleColorForState"], "UIButton.setImage": ["setImageForState"],
        "UIButton.sendActions": ["sendActionsForControlEvents"],
        "UICollectionView.register": ["registerClass"], "UITableView.register": ["registerClass"],
        "UICollectionView.indexPath": ["indexPathForCell"], "UITableView.indexPath": ["indexPathForCell"],
        "UICollectionView.scrollToItem": ["scrollToItemAtIndexPath"], "UITableView.scrollToRow": ["scrollToRowAtIndexPath"],
        "UICollectionView.cellForItem": ["cellForItemAtIndexPath"], "UITableView.cellForRow": ["cellForRowAtIndexPath"],
        "UIDynamicAnimator.items": ["itemsInRect"],
        "Timer.scheduledTimer": ["scheduledTimerWithTimeInterval"],
        "DispatchQueue.asyncAfter": ["dispatchAfter"],
    ]

    /// Bound functions with no UIKit counterpart (Transit's own conveniences), kept apart so the
    /// coverage test can tell an omission from a decision.
    static let transitOnly: Set<String> = [
        "UIColor.hex", "IndexPath.equalTo", "CAMediaTimingFunction.value", "UISpringTimingParameters.value",
        "UISpringTimingParameters.settlingDuration", "UIPopoverPresentationController.layoutPopover",
        "UIPopoverPresentationController.arrowHeight", "UIPopoverPresentationController.arrowBase",
        "UIViewController.Transition.definedAt",
    ]

    /// The description with each bound function's Swift declaration filled in.
    static func apply(to api: inout APIDescription) {
        for index in api.classes.indices {
            let name = api.classes[index].name
            for method in api.classes[index].methods.indices {
                api.classes[index].methods[method].swiftName = declarations["\(name).\(api.classes[index].methods[method].name)"]
            }
            for function in api.classes[index].functions.indices {
                api.classes[index].functions[function].swiftName = declarations["\(name).\(api.classes[index].functions[function].name)"]
            }
        }
    }
}
