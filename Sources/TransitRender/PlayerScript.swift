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
    /* A heavy effect has hundreds of charts and trace lines: their panels are laid out apart
       from the rest of the page (a status text or frame change does not lay them out again),
       and charts scrolled out of view are not laid out or painted at all. */
    #trace,#curves{contain:strict}
    .curve-layer{margin-bottom:10px;content-visibility:auto;contain-intrinsic-size:auto 160px}
    .layer-name{font-weight:600;margin-bottom:2px}
    .charts{display:flex;flex-wrap:wrap;gap:10px}
    .chart{font-size:11px}
    .chart svg{display:block;background:#fafafa;border:1px solid #e3e3e3}
    .chart .legend span{margin-right:8px;white-space:nowrap}
    .chart .legend i{display:inline-block;width:10px;height:3px;margin-right:3px;vertical-align:middle}
    .plot{position:relative}
    /* The playhead is a line over each chart, moved by a transform: moving it repaints a strip,
       not the chart's SVG, and lays nothing out again (charts of a heavy effect are many). */
    .playhead{position:absolute;left:1px;top:1px;width:1px;background:#e00;pointer-events:none}
    #speed{font:inherit}
    #counter{font:12px ui-monospace,Menlo,monospace;white-space:nowrap;color:#555}
    .chart svg{cursor:crosshair}
    #problems{background:#c62828;color:#fff;padding:6px 10px;font:12px/1.5 ui-monospace,Menlo,monospace;white-space:pre-wrap;flex:0 0 auto;max-height:30vh;overflow:auto}
    #problems[hidden]{display:none}
    #overlay{position:fixed;inset:0;background:rgba(40,0,0,.88);color:#fff;padding:24px;overflow:auto;z-index:10}
    #overlay[hidden]{display:none}
    #overlay pre{font:13px/1.5 ui-monospace,Menlo,monospace;white-space:pre-wrap;margin:0}
    #overlay-code{margin:14px 0!important;background:rgba(0,0,0,.35);padding:8px 0;border-left:3px solid #ff8a80}
    #overlay-code:empty{display:none}
    #overlay-code div{padding:0 10px}
    #overlay-code div.at{background:rgba(255,82,82,.35)}
    #overlay-code span{display:inline-block;min-width:3em;color:#ffab91;user-select:none}
    #overlay-hint{color:#ffccbc;font-size:12px;margin-top:10px}
    """#

    static func body(title: String) -> String {
        """
        <div id="app">
        <div id="stage">
        <div id="title">\(HTMLText.escaped(title))<span id="status"></span></div>
        <div id="frame-box"><img id="frame" alt="frame"><video id="video" muted playsinline preload="auto" hidden></video><div id="waiting">waiting for the first render…</div></div>
        <div id="controls"><button id="play">Play</button><input id="scrub" type="range" min="0" max="0" value="0"><span id="time"></span><span id="counter"></span>
        <select id="speed" title="playback speed (the Simulator's Slow Animations)"><option value="1">1×</option><option value="0.5">0.5×</option><option value="0.25">0.25×</option><option value="0.1">0.1×</option></select></div>
        <div id="help">space play/pause · ←/→ one frame · Home/End first/last · click a curve to seek</div>
        <div id="problems" hidden></div>
        </div>
        <div id="side"><div id="trace"></div><div id="curves"></div></div>
        </div>
        <div id="overlay" hidden><pre id="overlay-text"></pre><pre id="overlay-code"></pre><div id="overlay-hint">Esc to dismiss · fix the file and save to reload</div></div>
        """
    }

    /// `TransitPlayer.load(data, keepTime)` swaps in a payload (see PlayerPayload); keepTime
    /// shows the frame nearest the time being looked at and leaves play/pause as it was.
    static let script = #"""
    (function(){
    'use strict';
    const $=id=>document.getElementById(id);
    const img=$('frame'),video=$('video'),scrub=$('scrub'),timeLabel=$('time'),counter=$('counter'),playButton=$('play'),traceBox=$('trace'),curvesBox=$('curves'),speedBox=$('speed');
    const colors=['#d62728','#1f77b4','#2ca02c','#ff7f0e','#9467bd','#8c564b','#e377c2','#17becf','#7f7f7f'];
    let data=null,index=0,timer=null,traceRows=[],pastCount=0,playheads=[],speed=1;
    // Live mode's listeners: a frame put on screen; playback started, stopped or changed speed.
    let onShown=null,onPlayback=null;
    // Frames: data.times holds one time per frame; data.frames may be sparse while a live
    // version streams in (a missing frame shows the last version's frame at that index).
    function count(){return data?data.times.length:0;}

    function el(tag,attrs,text){const e=document.createElement(tag);for(const k in attrs||{})e.setAttribute(k,attrs[k]);if(text!=null)e.textContent=text;return e;}
    function fmt(v){return Math.abs(v)>=100?v.toFixed(0):Math.abs(v)>=1?v.toFixed(2):v.toFixed(3);}

    const W=240,H=80,PAD=4;
    function timeToX(t){const t0=data.times[0],t1=data.times[data.times.length-1];return PAD+(t1>t0?(t-t0)/(t1-t0):0)*(W-2*PAD);}

    // Charts are SVG markup parsed by the HTML parser (which puts <svg> in its namespace, so the
    // page spells out no namespace URL); only numbers go into the markup, names go in as text.
    // A series comes as runs (value, how many frames in a row): expanded once, to one value a frame.
    function seriesValues(s){
      if(!s.values){s.values=[];for(let i=0;i+1<s.runs.length;i+=2)for(let k=0;k<s.runs[i+1];k++)s.values.push(s.runs[i]);}
      return s.values;
    }

    function buildChart(chart){
      const box=el('div',{'class':'chart'});
      box.appendChild(el('div',{},chart.title));
      for(const s of chart.series)seriesValues(s);
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
      markup+='</svg><div class="playhead" style="height:'+H+'px"></div>';
      const plot=el('div',{'class':'plot'});plot.innerHTML=markup;box.appendChild(plot);
      playheads.push(plot.querySelector('.playhead'));
      // A click on a chart seeks to the frame nearest that time.
      const svg=plot.querySelector('svg');
      svg.addEventListener('click',e=>{
        const r=svg.getBoundingClientRect(),x=(e.clientX-r.left)*W/r.width;
        const t0=data.times[0],t1=data.times[data.times.length-1];
        show(nearestIndex(t0+Math.max(0,Math.min(1,(x-PAD)/(W-2*PAD)))*(t1-t0)));
      });
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
      scrub.max=String(Math.max(0,count()-1));
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

    // A frame is a data URI (the static player) or, live, the PNG's bytes as they arrived: those
    // get one blob URL while shown. (A blob URL made for every frame as it arrives would queue
    // the one on screen behind all the others' in the browser.)
    let shownSource=null,shownURL=null;
    function imageURL(src){
      if(shownURL){URL.revokeObjectURL(shownURL);shownURL=null;}
      if(typeof src==='string')return src;
      shownURL=URL.createObjectURL(new Blob([src],{type:'image/png'}));
      return shownURL;
    }
    function frameSource(i){
      if(data.pending&&data.pending[i])return data.pending[i];
      return data.frames[i]||(data.fallback&&data.fallback[i])||null;
    }

    function show(i){
      if(!data||!count())return;
      index=Math.max(0,Math.min(count()-1,i));
      if(data.video)video.currentTime=(index+0.5)/data.fps;
      else{const src=frameSource(index);if(src&&src!==shownSource){shownSource=src;img.src=imageURL(src);if(onShown)onShown(src);}}
      scrub.value=String(index);
      const t=data.times[index];
      timeLabel.textContent='t='+t.toFixed(3)+'s';
      counter.textContent='frame '+(index+1)+'/'+count();
      const x=timeToX(t).toFixed(1);
      for(const line of playheads){line.style.transform='translateX('+x+'px)';line.dataset.x=x;}
      highlight(t);
    }

    // At 0.5× a frame stays twice as long: the Simulator's Slow Animations.
    function frameInterval(){return 1000/(data.fps*speed);}
    function startTimer(){timer=setInterval(()=>show(index+1>=count()?0:index+1),frameInterval());}
    function setSpeed(value){
      speed=value>0?value:1;speedBox.value=String(speed);
      if(timer){clearInterval(timer);startTimer();}
      if(onPlayback)onPlayback();
    }
    function setPlaying(on){
      if(on===!!timer||!data)return;
      if(on)startTimer();else{clearInterval(timer);timer=null;}
      playButton.textContent=on?'Pause':'Play';
      if(onPlayback)onPlayback();
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
    speedBox.addEventListener('change',()=>{setSpeed(parseFloat(speedBox.value));speedBox.blur();});
    scrub.addEventListener('input',()=>show(parseInt(scrub.value,10)));
    document.addEventListener('keydown',e=>{
      if(e.key==='Escape'&&!$('overlay').hidden){e.preventDefault();hideOverlay();return;}
      if(!data||e.altKey||e.ctrlKey||e.metaKey)return;
      const actions={' ':toggle,'ArrowRight':()=>show(index+1),'ArrowLeft':()=>show(index-1),
        'Home':()=>show(0),'End':()=>show(count()-1)};
      const action=actions[e.key];
      if(action){e.preventDefault();action();}
    });
    // A focused button or slider would act on space/arrows a second time on keyup.
    document.addEventListener('keyup',e=>{if(e.key===' ')e.preventDefault();});

    // An error: the message, and the lines around its place with that line marked (Vite's
    // code frame). Esc hides it; the next good version does too.
    function showOverlay(text,frame,line){
      $('overlay-text').textContent=text;
      const code=$('overlay-code');code.textContent='';
      for(const [number,source] of frame||[]){
        const row=el('div',number===line?{'class':'at'}:{});row.appendChild(el('span',{},String(number)));
        row.appendChild(document.createTextNode(source));code.appendChild(row);
      }
      $('overlay').hidden=false;
    }
    function hideOverlay(){$('overlay').hidden=true;}
    // Problems of the version on screen (a transition that never completes, a view left over):
    // a red banner, each line as `transit run` prints it.
    function showProblems(list){
      const box=$('problems');box.textContent=(list||[]).map(p=>p.line).join('\n');box.hidden=!(list&&list.length);
    }

    // Live mode: one WebSocket carries everything (LiveServer). A new version's frames arrive
    // as they are drawn, nearest the playhead first; each is shown the moment it is the frame
    // being looked at, over the last version's frames, which fill the gaps until its own
    // arrive. The page tells the server where it is looking (which frames to draw first) and
    // when a version's first frame was on screen (watch prints it as "visible in … ms").
    function startLive(){
      const status=$('status'),test=location.hash.startsWith('#selftest')?liveSelftest():null;
      let socket=null,next=null,shown=0,playheadTimer=null,retry=null;
      const versionOf=new Map();
      function send(message){if(socket&&socket.readyState===1)socket.send(JSON.stringify(message));}
      function reportPlayhead(){
        if(playheadTimer||!data||!count())return;
        playheadTimer=setTimeout(()=>{
          playheadTimer=null;if(!data||!count())return;
          const last=data.times[count()-1];
          send({type:'playhead',time:data.times[index],playing:!!timer,speed:speed,loop:last+1/data.fps});
        },100);
      }
      // After the image decoded, two animation frames: the second runs once the first frame
      // with it has been painted.
      onPlayback=reportPlayhead;
      onShown=src=>{
        reportPlayhead();
        const version=versionOf.get(src);
        if(!version||version<=shown)return;
        shown=version;
        img.decode().catch(()=>{}).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>{
          send({type:'shown',version:version});if(test)test.shown(version);
        })));
      };
      function release(frames){for(const bytes of frames||[])if(bytes)versionOf.delete(bytes);}
      function begin(m){
        if(next)release(next.frames);
        next={version:m.version,fps:m.fps,width:m.width,height:m.height,title:m.title,frames:[],times:[]};
        if(!data){
          // Nothing yet: the first version plays what has arrived.
          data={title:m.title,fps:m.fps,width:m.width,height:m.height,frames:[],times:[],trace:[],curves:[],pending:next.frames};
          build();
        }else data.pending=next.frames;
        status.textContent='rendering version '+m.version+'…';
      }
      function frame(buffer){
        const view=new DataView(buffer);
        if(view.getUint8(0)===2)return video2(view,buffer);
        const version=view.getUint32(1,true),i=view.getUint32(5,true),t=view.getFloat64(9,true);
        if(!next||version!==next.version)return;
        const bytes=new Uint8Array(buffer,17);
        versionOf.set(bytes,version);
        next.frames[i]=bytes;next.times[i]=t;
        if(!data.times.length||data.pending===next.frames&&data.times===next.times){
          // The very first version: its times come as its frames do.
          data.times=next.times;scrub.max=String(Math.max(0,count()-1));
        }
        if(i===index||!shownSource)show(index);
      }
      function video2(view,buffer){
        const version=view.getUint32(1,true),length=view.getUint8(5);
        if(!next||version!==next.version)return;
        const mime=new TextDecoder().decode(new Uint8Array(buffer,6,length));
        next.video=URL.createObjectURL(new Blob([new Uint8Array(buffer,6+length)],{type:mime}));
      }
      function timeline(m){
        if(!next||m.version!==next.version)return;
        const looking=data&&count()?data.times[index]:0,playing=!!timer;
        const old=data;
        if(timer){clearInterval(timer);timer=null;}
        data={title:next.title,fps:next.fps,width:next.width,height:next.height,times:m.data.times,trace:m.data.trace,curves:m.data.curves,
          frames:next.frames,fallback:old&&old.frames!==next.frames?old.frames:null,problems:m.data.problems};
        if(next.video){data.video=next.video;data.frames=new Array(m.data.frameCount).fill(null);}
        next.old=old;
        build();hideOverlay();showProblems(m.data.problems);
        show(nearestIndex(looking));
        if(playing)startTimer();
        if(test)test.loaded(m.version,looking,old);
      }
      function complete(m){
        if(!next||m.version!==next.version)return;
        if(next.old){release(next.old.frames.filter(u=>u&&!next.frames.includes(u)));if(next.old.video&&next.old.video!==data.video)URL.revokeObjectURL(next.old.video);}
        data.fallback=null;data.pending=null;
        status.textContent='live · version '+m.version;
        next=null;
        if(test)test.completed(m.version);
      }
      function failed(m){
        if(next){release(next.frames);next=null;if(data)data.pending=null;}
        showOverlay(m.message,m.frame,m.line);
        status.textContent='error · showing the last good version';
        if(test)test.failed();
      }
      function connect(){
        socket=new WebSocket((location.protocol==='https:'?'wss://':'ws://')+location.host+'/live');
        socket.binaryType='arraybuffer';
        socket.onopen=()=>{status.textContent=data?'live':'live · waiting for the first render';if(test)test.send=send;};
        socket.onmessage=e=>{
          if(typeof e.data!=='string')return frame(e.data);
          const m=JSON.parse(e.data);
          ({begin:begin,timeline:timeline,complete:complete,error:failed})[m.type]?.(m);
        };
        socket.onclose=()=>{status.textContent='disconnected, retrying…';clearTimeout(retry);retry=setTimeout(connect,1000);};
      }
      connect();
    }

    // #selftest&frame=K&until=N on the live page (LivePageTests, test_watch.py): after the first
    // version shows frame K and plays; logs every version, error and first sight, and sends the
    // log to the server as {"type":"report"} after each (the test reads it there).
    function liveSelftest(){
      const params=new URLSearchParams(location.hash.slice('#selftest'.length).replace(/^[&?]/,''));
      const log=[];let loadedCount=0;
      const overlayShown=()=>!$('overlay').hidden;
      const test={send:null,
        report(){if(test.send)test.send({type:'report',log:log});},
        loaded(version,before){
          if(++loadedCount===1){show(parseInt(params.get('frame')||'0',10));setPlaying(true);}
          log.push({event:'reload',version:version,frames:count(),timeBefore:before,index:index,time:data.times[index],
            playing:!!timer,overlay:overlayShown(),problems:$('problems').hidden?'':$('problems').textContent});
          test.report();
        },
        completed(version){log.push({event:'complete',version:version});test.report();},
        shown(version){log.push({event:'shown',version:version,index:index});test.report();},
        failed(){
          const entry={event:'error',overlay:overlayShown(),text:$('overlay-text').textContent,code:$('overlay-code').textContent};
          // Esc dismisses the overlay (the last good frames stay playable under it).
          document.dispatchEvent(new KeyboardEvent('keydown',{key:'Escape',bubbles:true,cancelable:true}));
          entry.overlayAfterEscape=overlayShown();
          log.push(entry);test.report();
        }
      };
      return test;
    }

    // #selftest (used by Tests/CLI/test_player.py): drives the page through its own keys and
    // writes what it sees into <pre id="selftest-result">. Parameters: frame, x, y (a pixel
    // of that frame to read back through a canvas).
    async function selftest(){
      const params=new URLSearchParams(location.hash.slice('#selftest'.length).replace(/^[&?]/,''));
      const key=k=>document.dispatchEvent(new KeyboardEvent('keydown',{key:k,bubbles:true,cancelable:true}));
      const rect=e=>{const r=e.getBoundingClientRect();return {left:r.left,top:r.top,right:r.right,bottom:r.bottom};};
      const r={frames:count(),times:data.times.length,traceLines:traceRows.length,
        curveLayers:Array.from(document.querySelectorAll('.curve-layer .layer-name')).map(e=>e.textContent),
        charts:document.querySelectorAll('.chart').length,
        seriesLengths:data.curves.flatMap(l=>l.charts).flatMap(c=>c.series).map(s=>seriesValues(s).length),
        viewport:{width:innerWidth,height:innerHeight},
        scroll:{width:document.documentElement.scrollWidth,height:document.documentElement.scrollHeight},
        controls:rect($('controls')),frame:rect(data.video?video:img),video:!!data.video};
      key('End');r.afterEnd=index;r.pastAtEnd=traceBox.querySelectorAll('.past').length;r.playheadAtEnd=playheads.length?+playheads[0].dataset.x:null;
      key('Home');r.afterHome=index;r.pastAtHome=traceBox.querySelectorAll('.past').length;r.playheadAtHome=playheads.length?+playheads[0].dataset.x:null;
      r.currentAtHome=(traceBox.querySelector('.current')||{}).textContent||null;
      key('ArrowRight');r.afterRight=index;key('ArrowRight');key('ArrowLeft');r.afterRightLeft=index;
      key(' ');r.playingAfterSpace=!!timer;key(' ');r.playingAfterSecondSpace=!!timer;
      // The speed menu (the Simulator's Slow Animations): a frame then stays 1/speed as long.
      r.intervalAt1=frameInterval();
      speedBox.value='0.25';speedBox.dispatchEvent(new Event('change',{bubbles:true}));
      r.speedAfterMenu=speed;r.intervalAtQuarter=frameInterval();setSpeed(1);
      // A click half-way along a chart seeks to the frame nearest the middle of the timeline.
      const chart=document.querySelector('.chart svg');
      if(chart){
        const b=chart.getBoundingClientRect();
        chart.dispatchEvent(new MouseEvent('click',{bubbles:true,clientX:b.left+(PAD+0.5*(W-2*PAD))*b.width/W,clientY:b.top+b.height/2}));
        r.afterCurveClick=index;
      }
      show(3);r.counterAt3=counter.textContent;
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

    window.TransitPlayer={load:load,show:show,toggle:toggle,setSpeed:setSpeed,startLive:startLive,startStatic:startStatic,
      get index(){return index;},get playing(){return !!timer;},get speed(){return speed;}};
    })();
    """#
}
