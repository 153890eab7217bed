// The player's page: one stylesheet, one body and one script shared by the static HTML file
// and the live page of `transit watch --serve`. Only the last line differs: the static file
// starts from the JSON embedded in it, the live page from the server's event stream.

enum PlayerScript {
    static let style = #"""
    html,body{margin:0;height:100%;overflow:hidden}
    body{font:13px/1.4 -apple-system,system-ui,sans-serif;background:#f0f0f0;color:#222}
    #app{display:flex;gap:12px;height:100vh;box-sizing:border-box;padding:12px}
    #stage{display:flex;flex-direction:column;gap:6px;flex:0 0 auto;min-width:220px;
      width:min(50vw,calc((100vh - 110px) * var(--aspect,0.5)))}
    #title{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    #status{font-weight:normal;color:#777;margin-left:8px}
    #frame-box{position:relative;flex:1 1 auto;min-height:0}
    #frame,#video{position:absolute;left:0;top:0;width:100%;height:100%;object-fit:contain;object-position:center top}
    #waiting{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#777}
    #waiting[hidden]{display:none}
    #controls{display:flex;gap:8px;align-items:center;flex:0 0 auto}
    #scrub{flex:1;min-width:60px}
    #time{font:12px ui-monospace,Menlo,monospace;white-space:nowrap}
    #help{color:#666;font-size:12px;flex:0 0 auto}
    #side{flex:1 1 0;min-width:0;display:flex;flex-direction:column;gap:12px}
    #trace{flex:1 1 35%;min-height:80px;overflow:auto;font:12px/1.5 ui-monospace,Menlo,monospace;
      background:#fff;border:1px solid #ccc;padding:6px 0;white-space:pre}
    #trace div{padding:0 8px;color:#999}
    #trace div.past{color:#222}
    #trace div.current{background:#ffe58a}
    #curves{flex:1 1 65%;min-height:80px;overflow:auto;background:#fff;border:1px solid #ccc;padding:8px}
    #curves:empty::before{content:"no layer animates";color:#999}
    .curve-layer{margin-bottom:10px}
    .layer-name{font-weight:600;margin-bottom:2px}
    .charts{display:flex;flex-wrap:wrap;gap:10px}
    .chart{font-size:11px}
    .chart svg{display:block;background:#fafafa;border:1px solid #e3e3e3}
    .chart .legend span{margin-right:8px;white-space:nowrap}
    .chart .legend i{display:inline-block;width:10px;height:3px;margin-right:3px;vertical-align:middle}
    .playhead{stroke:#e00;stroke-width:1}
    #overlay{position:fixed;inset:0;background:rgba(40,0,0,.82);color:#fff;padding:24px;overflow:auto;z-index:10}
    #overlay[hidden]{display:none}
    #overlay pre{font:13px/1.5 ui-monospace,Menlo,monospace;white-space:pre-wrap;margin:0}
    """#

    static func body(title: String) -> String {
        """
        <div id="app">
        <div id="stage">
        <div id="title">\(HTMLText.escaped(title))<span id="status"></span></div>
        <div id="frame-box"><img id="frame" alt="frame"><video id="video" muted playsinline preload="auto" hidden></video><div id="waiting">waiting for the first render…</div></div>
        <div id="controls"><button id="play">Play</button><input id="scrub" type="range" min="0" max="0" value="0"><span id="time"></span></div>
        <div id="help">space play/pause · ←/→ one frame · Home/End first/last</div>
        </div>
        <div id="side"><div id="trace"></div><div id="curves"></div></div>
        </div>
        <div id="overlay" hidden><pre id="overlay-text"></pre></div>
        """
    }

    /// `TransitPlayer.load(data, keepTime)` swaps in a payload (see PlayerPayload); keepTime
    /// shows the frame nearest the time being looked at and leaves play/pause as it was.
    static let script = #"""
    (function(){
    'use strict';
    const $=id=>document.getElementById(id);
    const img=$('frame'),video=$('video'),scrub=$('scrub'),timeLabel=$('time'),playButton=$('play'),traceBox=$('trace'),curvesBox=$('curves');
    const colors=['#d62728','#1f77b4','#2ca02c','#ff7f0e','#9467bd','#8c564b','#e377c2','#17becf','#7f7f7f'];
    let data=null,index=0,timer=null,traceRows=[],pastCount=0,playheads=[];

    function el(tag,attrs,text){const e=document.createElement(tag);for(const k in attrs||{})e.setAttribute(k,attrs[k]);if(text!=null)e.textContent=text;return e;}
    function fmt(v){return Math.abs(v)>=100?v.toFixed(0):Math.abs(v)>=1?v.toFixed(2):v.toFixed(3);}

    const W=240,H=80,PAD=4;
    function timeToX(t){const t0=data.times[0],t1=data.times[data.times.length-1];return PAD+(t1>t0?(t-t0)/(t1-t0):0)*(W-2*PAD);}

    // Charts are SVG markup parsed by the HTML parser (which puts <svg> in its namespace, so the
    // page spells out no namespace URL); only numbers go into the markup, names go in as text.
    function buildChart(chart){
      const box=el('div',{'class':'chart'});
      box.appendChild(el('div',{},chart.title));
      let lo=Infinity,hi=-Infinity;
      for(const s of chart.series)for(const v of s.values)if(v!=null){lo=Math.min(lo,v);hi=Math.max(hi,v);}
      if(!(hi>lo)){hi=lo+1;}
      const yOf=v=>PAD+(1-(v-lo)/(hi-lo))*(H-2*PAD);
      let markup='<svg width="'+W+'" height="'+H+'" viewBox="0 0 '+W+' '+H+'">';
      chart.series.forEach((s,k)=>{
        let d='',pen='M';
        s.values.forEach((v,i)=>{if(v==null){pen='M';return;}d+=pen+timeToX(data.times[i]).toFixed(1)+' '+yOf(v).toFixed(1);pen='L';});
        markup+='<path d="'+d+'" fill="none" stroke="'+colors[k%colors.length]+'" stroke-width="1.5"/>';
      });
      markup+='<text x="'+(W-PAD)+'" y="11" text-anchor="end" font-size="10" fill="#888">'+fmt(hi)+'</text>';
      markup+='<text x="'+(W-PAD)+'" y="'+(H-5)+'" text-anchor="end" font-size="10" fill="#888">'+fmt(lo)+'</text>';
      markup+='<line class="playhead" x1="0" x2="0" y1="0" y2="'+H+'"/></svg>';
      const plot=el('div');plot.innerHTML=markup;box.appendChild(plot);
      playheads.push(plot.querySelector('.playhead'));
      const legend=el('div',{'class':'legend'});
      chart.series.forEach((s,k)=>{const item=el('span');const swatch=el('i');swatch.style.background=colors[k%colors.length];item.appendChild(swatch);item.appendChild(document.createTextNode(s.name));legend.appendChild(item);});
      box.appendChild(legend);
      return box;
    }

    function build(){
      traceBox.textContent='';traceRows=[];pastCount=0;
      for(const [t,line] of data.trace){const row=el('div',{},line);row.dataset.time=t;traceRows.push(row);traceBox.appendChild(row);}
      curvesBox.textContent='';playheads=[];
      for(const layer of data.curves){
        const box=el('div',{'class':'curve-layer'});
        box.appendChild(el('div',{'class':'layer-name'},layer.name));
        const charts=el('div',{'class':'charts'});
        for(const chart of layer.charts)charts.appendChild(buildChart(chart));
        box.appendChild(charts);curvesBox.appendChild(box);
      }
      // A video payload carries one stream: frame i is the middle of its interval.
      img.hidden=!!data.video;video.hidden=!data.video;
      if(data.video&&video.src!==data.video)video.src=data.video;
      scrub.max=String(data.frames.length-1);
      document.getElementById('stage').style.setProperty('--aspect',String(data.width/data.height));
      $('waiting').hidden=true;
    }

    // Trace lines are in time order: the ones at or before the current time are "past", the
    // last of them "current". Only the rows that changed are touched.
    function highlight(t){
      let count=0;
      while(count<traceRows.length&&data.trace[count][0]<=t+1e-9)count++;
      for(let i=Math.min(count,pastCount);i<Math.max(count,pastCount);i++)traceRows[i].classList.toggle('past',i<count);
      const old=traceBox.querySelector('.current');if(old)old.classList.remove('current');
      pastCount=count;
      if(count>0){
        const row=traceRows[count-1];row.classList.add('current');
        const top=row.offsetTop-traceBox.offsetTop,bottom=top+row.offsetHeight;
        if(top<traceBox.scrollTop||bottom>traceBox.scrollTop+traceBox.clientHeight)traceBox.scrollTop=Math.max(0,top-traceBox.clientHeight/2);
      }
    }

    function show(i){
      if(!data)return;
      index=Math.max(0,Math.min(data.frames.length-1,i));
      if(data.video)video.currentTime=(index+0.5)/data.fps;else img.src=data.frames[index];
      scrub.value=String(index);
      const t=data.times[index];
      timeLabel.textContent='t='+t.toFixed(3)+'s  frame '+(index+1)+'/'+data.frames.length;
      const x=timeToX(t).toFixed(1);
      for(const line of playheads){line.setAttribute('x1',x);line.setAttribute('x2',x);}
      highlight(t);
    }

    function startTimer(){timer=setInterval(()=>show(index+1>=data.frames.length?0:index+1),1000/data.fps);}
    function setPlaying(on){
      if(on===!!timer||!data)return;
      if(on)startTimer();else{clearInterval(timer);timer=null;}
      playButton.textContent=on?'Pause':'Play';
    }
    function toggle(){setPlaying(!timer);}

    function nearestIndex(t){
      let best=0;
      for(let i=1;i<data.times.length;i++)if(Math.abs(data.times[i]-t)<Math.abs(data.times[best]-t))best=i;
      return best;
    }

    function load(next,keepTime){
      if(next.video&&!next.frames.length)next.frames=new Array(next.frameCount).fill(null);
      const t=data&&keepTime?data.times[index]:null;
      const playing=!!timer;
      if(timer){clearInterval(timer);timer=null;}
      data=next;build();
      show(t==null?0:nearestIndex(t));
      if(playing)startTimer();
    }

    playButton.addEventListener('click',()=>{toggle();playButton.blur();});
    scrub.addEventListener('input',()=>show(parseInt(scrub.value,10)));
    document.addEventListener('keydown',e=>{
      if(!data||e.altKey||e.ctrlKey||e.metaKey)return;
      const actions={' ':toggle,'ArrowRight':()=>show(index+1),'ArrowLeft':()=>show(index-1),
        'Home':()=>show(0),'End':()=>show(data.frames.length-1)};
      const action=actions[e.key];
      if(action){e.preventDefault();action();}
    });
    // A focused button or slider would act on space/arrows a second time on keyup.
    document.addEventListener('keyup',e=>{if(e.key===' ')e.preventDefault();});

    function showOverlay(text){$('overlay-text').textContent=text;$('overlay').hidden=false;}
    function hideOverlay(){$('overlay').hidden=true;}

    // Live mode: `reload` carries a version number to fetch, `error` the message of a broken
    // save. A fetch overtaken by a newer reload is dropped; a version that arrives after an
    // error was reported does not hide that error (the error is newer than the version).
    function startLive(){
      const status=$('status'),test=location.hash.startsWith('#selftest')?liveSelftest():null;
      let wanted=0,sequence=0,errorSequence=-1;
      const events=new EventSource('events');
      events.addEventListener('reload',e=>{
        const version=JSON.parse(e.data).version,asked=++sequence;wanted=version;
        fetch('version/'+version+'.json').then(r=>{if(!r.ok)throw new Error('HTTP '+r.status);return r.json();})
          .then(payload=>{
            if(version!==wanted)return;
            const before=data?data.times[index]:null;
            load(payload,true);
            if(errorSequence<asked)hideOverlay();
            status.textContent='live · version '+version;
            if(test)test.loaded(version,before,events);
          })
          .catch(err=>{if(version===wanted)status.textContent='could not load version '+version+': '+err.message;});
      });
      events.addEventListener('error',e=>{
        if(typeof e.data!=='string'){status.textContent='disconnected, retrying…';return;}
        errorSequence=++sequence;showOverlay(JSON.parse(e.data));
        if(test)test.failed();
      });
      events.addEventListener('open',()=>{status.textContent=wanted?'live · version '+wanted:'live';});
    }

    // #selftest&frame=K&until=N on the live page (LivePageTests): shows frame K and plays after
    // the first version, logs every swap and error, fetches each version it loaded a second
    // time so the test knows it was taken in, and once version N is in closes the stream and
    // writes the log into <pre id="selftest-result">.
    function liveSelftest(){
      const params=new URLSearchParams(location.hash.slice('#selftest'.length).replace(/^[&?]/,''));
      const log=[],until=parseInt(params.get('until')||'1',10);let count=0;
      const overlayShown=()=>!$('overlay').hidden;
      return {
        loaded(version,before,events){
          if(++count===1){show(parseInt(params.get('frame')||'0',10));setPlaying(true);}
          log.push({event:'reload',version:version,frames:data.frames.length,timeBefore:before,index:index,time:data.times[index],
            playing:!!timer,overlay:overlayShown()});
          if(version>=until){
            events.close();setPlaying(false);
            const out=el('pre',{id:'selftest-result'},JSON.stringify(log));out.hidden=true;document.body.appendChild(out);
          }else fetch('version/'+version+'.json?loaded');
        },
        failed(){log.push({event:'error',overlay:overlayShown(),text:$('overlay-text').textContent});}
      };
    }

    // #selftest (used by Tests/CLI/test_player.py): drives the page through its own keys and
    // writes what it sees into <pre id="selftest-result">. Parameters: frame, x, y (a pixel
    // of that frame to read back through a canvas).
    async function selftest(){
      const params=new URLSearchParams(location.hash.slice('#selftest'.length).replace(/^[&?]/,''));
      const key=k=>document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true,cancelable:true}));
      const rect=e=>{const r=e.getBoundingClientRect();return {left:r.left,top:r.top,right:r.right,bottom:r.bottom};};
      const r={frames:data.frames.length,times:data.times.length,traceLines:traceRows.length,
        curveLayers:Array.from(document.querySelectorAll('.curve-layer .layer-name')).map(e=>e.textContent),
        charts:document.querySelectorAll('.chart').length,
        viewport:{width:innerWidth,height:innerHeight},
        scroll:{width:document.documentElement.scrollWidth,height:document.documentElement.scrollHeight},
        controls:rect($('controls')),frame:rect(data.video?video:img),video:!!data.video};
      key('End');r.afterEnd=index;r.pastAtEnd=traceBox.querySelectorAll('.past').length;r.playheadAtEnd=playheads.length?+playheads[0].getAttribute('x1'):null;
      key('Home');r.afterHome=index;r.pastAtHome=traceBox.querySelectorAll('.past').length;r.playheadAtHome=playheads.length?+playheads[0].getAttribute('x1'):null;
      r.currentAtHome=(traceBox.querySelector('.current')||{}).textContent||null;
      key('ArrowRight');r.afterRight=index;key('ArrowRight');key('ArrowLeft');r.afterRightLeft=index;
      key(' ');r.playingAfterSpace=!!timer;key(' ');r.playingAfterSecondSpace=!!timer;
      const frame=parseInt(params.get('frame')||'0',10);
      show(frame);
      // Written before the decode and rewritten after it: a browser that dumps the page before
      // the decode finished still shows that the self-test ran (the test then asks again).
      const out=el('pre',{id:'selftest-result'},JSON.stringify(r));out.hidden=true;document.body.appendChild(out);
      try{
        let source=img,width,height;
        if(data.video){
          // Wait for the seek show() asked for, then read the frame the video shows.
          if(video.readyState<1)await new Promise(ok=>video.addEventListener('loadedmetadata',ok,{once:true}));
          video.currentTime=(index+0.5)/data.fps;
          await new Promise(ok=>video.addEventListener('seeked',ok,{once:true}));
          source=video;width=video.videoWidth;height=video.videoHeight;r.duration=video.duration;
        }else{
          await img.decode();width=img.naturalWidth;height=img.naturalHeight;
        }
        const canvas=document.createElement('canvas');canvas.width=width;canvas.height=height;
        const context=canvas.getContext('2d');context.drawImage(source,0,0);
        r.shown=index;r.natural=[width,height];
        r.pixel=Array.from(context.getImageData(parseInt(params.get('x')||'0',10),parseInt(params.get('y')||'0',10),1,1).data);
      }catch(err){r.pixelError=String(err);}
      out.textContent=JSON.stringify(r);
    }

    function startStatic(){
      load(JSON.parse($('player-data').textContent),false);
      if(location.hash.startsWith('#selftest'))selftest();
    }

    window.TransitPlayer={load:load,show:show,toggle:toggle,startLive:startLive,startStatic:startStatic,
      get index(){return index;},get playing(){return !!timer;}};
    })();
    """#
}
