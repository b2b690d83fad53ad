/*
 * Draws the report page's charts with Apache ECharts (inlined above) from the JSON island #perflab-data: one
 * entry per <div class="chart" data-chart="N">. Numbers are drawn exactly as the lab read them; error bars and
 * every fork's iterations are custom series over the bars, so the browser test can read each back through
 * echarts.getInstanceByDom(div).getOption().
 */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('perflab-data').textContent);

  /* Three significant digits below 1,000, whole numbers with separators above, as the lab's tables print. */
  function fmt(v) {
    if (v === null || v === undefined || isNaN(v)) { return '-'; }
    var a = Math.abs(v);
    if (a >= 1000 || a === 0) { return Math.round(v).toLocaleString('en-US'); }
    var decimals = Math.max(0, 2 - Math.floor(Math.log10(a)));
    return v.toFixed(Math.min(decimals, 12));
  }

  /*
   * A ladder or a benchmark's rows: one bar per category, drawn here rather than as ECharts bars, which on a log
   * axis start at 1 and so hang downward below it (the smallest value would look the largest). Here every bar
   * starts at the value axis's floor: 0 on a linear axis, the axis minimum on a log one, so a longer bar is always
   * a larger value. With few short labels the bars stand upright; otherwise the chart turns (horizontal bars, one
   * row per category, every label shown) instead of rotating or dropping labels.
   */
  function at(api, c, category, value) {
    return c.horizontal ? api.coord([value, category]) : api.coord([category, value]);
  }

  /* The pixel where a bar starts: the plot's edge on a log axis, the zero line on a linear one. */
  function floorPixel(params, api, c, category) {
    var box = params.coordSys;
    if (c.log) { return c.horizontal ? box.x : box.y + box.height; }
    var zero = at(api, c, category, 0);
    return c.horizontal ? Math.max(box.x, zero[0]) : Math.min(box.y + box.height, zero[1]);
  }

  /* A bar from the floor to the score, with its × base label (and "noisy") past its end. */
  function scoreBars(c) {
    return function (params, api) {
      var i = api.value(0), value = api.value(1), b = c.bars[i];
      if (value === null || isNaN(value) || (c.log && !(value > 0))) { return null; }
      var end = at(api, c, i, value), floor = floorPixel(params, api, c, i);
      var band = Math.min(BAR_MAX_WIDTH, (c.horizontal ? api.size([0, 1])[1] : api.size([1, 0])[0]) * 0.7);
      var rect = c.horizontal
        ? { x: floor, y: end[1] - band / 2, width: Math.max(1, end[0] - floor), height: band }
        : { x: end[0] - band / 2, y: Math.min(end[1], floor), width: band, height: Math.max(1, Math.abs(floor - end[1])) };
      var children = [{ type: 'rect', name: 'bar' + i, shape: rect, style: { fill: b.colour, opacity: b.noisy ? 0.45 : 0.9,
        stroke: b.noisy ? '#a04000' : null, lineWidth: b.noisy ? 2 : 0, lineDash: b.noisy ? [4, 3] : null } }];
      var text = (b.vsR0 ? b.vsR0 : '') + (b.noisy ? (b.vsR0 ? ' ' : '') + 'noisy' : '');
      if (text && c.barLabels) {
        var tip = at(api, c, i, b.high !== null ? Math.max(b.high, value) : value);
        children.push({ type: 'text', name: 'label' + i, style: { text: text, fontSize: 11, fill: b.noisy ? '#a04000' : '#333',
          x: c.horizontal ? tip[0] + 6 : end[0], y: c.horizontal ? end[1] : Math.min(tip[1], end[1]) - 6,
          align: c.horizontal ? 'left' : 'center', verticalAlign: c.horizontal ? 'middle' : 'bottom' } });
      }
      return { type: 'group', children: children };
    };
  }

  /* An error bar from low to high; on a log axis a low end at or under zero is drawn to the axis's foot. */
  function errorBars(c) {
    return function (params, api) {
      var i = api.value(0), low = api.value(1), high = api.value(2);
      if (isNaN(low) || isNaN(high) || low === high) { return null; }
      var top = at(api, c, i, high);
      var bottom = low > 0 || !c.log ? at(api, c, i, low)
        : (c.horizontal ? [params.coordSys.x, top[1]] : [top[0], params.coordSys.y + params.coordSys.height]);
      var band = c.horizontal ? api.size([0, 1])[1] : api.size([1, 0])[0];
      var half = Math.min(10, Math.max(3, band * 0.12));
      var style = { stroke: '#111', lineWidth: 1.4 };
      var cap = function (p) {
        return c.horizontal ? { x1: p[0], y1: p[1] - half, x2: p[0], y2: p[1] + half } : { x1: p[0] - half, y1: p[1], x2: p[0] + half, y2: p[1] };
      };
      return { type: 'group', children: [
        { type: 'line', shape: { x1: top[0], y1: top[1], x2: bottom[0], y2: bottom[1] }, style: style },
        { type: 'line', shape: cap(top), style: style },
        { type: 'line', shape: cap(bottom), style: style }
      ] };
    };
  }

  var FORK_COLOURS = ['#000000', '#7a0177', '#005a32', '#08306b', '#7f2704'];
  /* The widest a bar is drawn, in pixels; a fork's points stay within their bar. */
  var BAR_MAX_WIDTH = 70;

  /* One iteration of one fork: forks side by side across the bar, iterations spread a little within a fork. */
  function forkPoints(c) {
    return function (params, api) {
      var bar = api.value(0), value = api.value(1), fork = api.value(2), iteration = api.value(3);
      var forks = api.value(4), iterations = api.value(5);
      if (c.log && !(value > 0)) { return null; }
      var size = c.horizontal ? api.size([0, 1])[1] : api.size([1, 0])[0];
      var band = Math.min(BAR_MAX_WIDTH, size * 0.7) * 0.8;
      var forkWidth = band / forks;
      var spread = iterations > 1 ? (iteration / (iterations - 1) - 0.5) * forkWidth * 0.5 : 0;
      var centre = at(api, c, bar, value);
      var offset = -band / 2 + forkWidth * (fork + 0.5) + spread;
      return { type: 'circle', shape: { cx: c.horizontal ? centre[0] : centre[0] + offset, cy: c.horizontal ? centre[1] + offset : centre[1],
        r: c.horizontal ? 2 : 2.6 }, style: { fill: FORK_COLOURS[fork % FORK_COLOURS.length], opacity: 0.6 } };
    };
  }

  /* A percentile of a sample or single-shot row: a short tick across its bar, so the spread of single calls shows. */
  function percentileTicks(c) {
    return function (params, api) {
      var i = api.value(0), value = api.value(1);
      if (c.log && !(value > 0)) { return null; }
      var p = at(api, c, i, value);
      var half = Math.min(BAR_MAX_WIDTH, (c.horizontal ? api.size([0, 1])[1] : api.size([1, 0])[0]) * 0.7) / 2;
      return { type: 'line', shape: c.horizontal ? { x1: p[0], y1: p[1] - half, x2: p[0], y2: p[1] + half }
        : { x1: p[0] - half, y1: p[1], x2: p[0] + half, y2: p[1] }, style: { stroke: '#a04000', lineWidth: 2 } };
    };
  }

  /*
   * The chart of one secondary metric instead of the score (allocation, GC counts): each bar's value and error
   * from the row's metric, on a log axis where the values span 100× or more; no iteration points or percentiles.
   */
  function metricChart(c, name) {
    var m = Object.assign({}, c);
    m.bars = c.bars.map(function (b) {
      var v = b.metrics[name];
      return Object.assign({}, b, { value: v[0], low: v[0] - v[1], high: v[0] + v[1],
        score: fmt(v[0]) + (v[1] ? ' ± ' + fmt(v[1]) : '') + ' ' + v[2] });
    });
    var values = m.bars.map(function (b) { return b.value; }).filter(function (v) { return v > 0; });
    var lo = Math.min.apply(null, values), hi = Math.max.apply(null, values);
    m.log = values.length === m.bars.length && values.length > 0 && hi / lo >= 100;
    m.yMin = m.log ? Math.pow(10, Math.floor(Math.log10(lo) - 0.3)) : null;
    m.points = []; m.percentiles = []; m.scale = 1; m.barLabels = false;
    m.displayUnit = c.bars[0].metrics[name][2];
    m.subtitle = name;
    return m;
  }

  /* Above a chart whose rows share secondary metrics: a choice of what it draws, the score or one of them. */
  function metricChoice(c, el, chart) {
    if (!c.metricNames || c.metricNames.length === 0) { return; }
    var select = document.createElement('select');
    select.className = 'metric-choice';
    select.setAttribute('aria-label', 'what the chart draws');
    [''].concat(c.metricNames).forEach(function (name) {
      var o = document.createElement('option');
      o.value = name; o.textContent = name || 'score (' + c.displayUnit + ')';
      select.appendChild(o);
    });
    select.addEventListener('change', function () {
      el.setAttribute('data-metric', select.value);
      chart.setOption(ladderOption(select.value ? metricChart(c, select.value) : c, el), true);
    });
    el.parentNode.insertBefore(select, el);
  }

  /* A value in the chart's display unit: times rescaled so that they read as 1 to 1,000 (59.9 us/op, not 0.0000599 s/op). */
  function shown(c, v) { return fmt(v * c.scale) + ' ' + c.displayUnit; }

  /*
   * A category label longer than this many characters (about 420 px at 11 px) is broken into lines of that many,
   * anywhere (a JSON param value has no spaces). The breaks are the formatter's, not ECharts' own overflow: with a
   * label width set, ECharts lays every label out at that width and the grid no longer holds them.
   */
  var LABEL_LINE_CHARS = 64, LABEL_LINE_PX = 14;

  function wrapLabel(text) {
    var t = String(text), lines = [];
    if (t.length <= LABEL_LINE_CHARS) { return t; }
    for (var i = 0; i < t.length; i += LABEL_LINE_CHARS) { lines.push(t.substring(i, i + LABEL_LINE_CHARS)); }
    return lines.join('\n');
  }

  function ladderOption(c, el) {
    var rowHeight = 22, lines = 1;
    if (c.horizontal) {
      var longest = c.categories.reduce(function (m, t) { return Math.max(m, String(t).length); }, 0);
      lines = Math.max(1, Math.ceil(longest / LABEL_LINE_CHARS));
      rowHeight = Math.max(rowHeight, LABEL_LINE_PX * lines + 8);
      el.style.height = Math.max(220, 90 + rowHeight * c.categories.length) + 'px';
    }
    var categoryAxis = { type: 'category', data: c.categories, inverse: c.horizontal,
      axisLabel: lines > 1 ? { interval: 0, fontSize: 11, rotate: 0, lineHeight: LABEL_LINE_PX, formatter: wrapLabel }
        : { interval: 0, fontSize: 11, rotate: 0 } };
    var valueAxis = { type: c.log ? 'log' : 'value', min: c.log ? c.yMin : 0, name: c.displayUnit,
      nameLocation: c.horizontal ? 'end' : 'end', nameTextStyle: { align: c.horizontal ? 'left' : 'right' },
      axisLabel: { fontSize: 11, hideOverlap: true, formatter: function (v) { return fmt(v * c.scale); } } };
    var encodeScore = c.horizontal ? { y: 0, x: 1 } : { x: 0, y: 1 };
    var encodeRange = c.horizontal ? { y: 0, x: [1, 2] } : { x: 0, y: [1, 2] };
    return {
      animation: false,
      title: { text: [c.subtitle, c.constant].filter(function (t) { return t; }).join(' · '), left: 'center',
        textStyle: { fontSize: 12, fontWeight: 'normal' } },
      grid: { left: 20, right: c.horizontal ? 90 : 30, top: 40, bottom: 20, containLabel: true },
      tooltip: { trigger: 'item', confine: true, formatter: function (p) {
        var i = p.value[0], b = c.bars[i], head = c.categories[i];
        if (p.seriesIndex === 2) {
          return head + '<br>fork ' + (p.value[2] + 1) + ', iteration ' + (p.value[3] + 1) + ': ' + shown(c, p.value[1]);
        }
        if (p.seriesIndex === 3) {
          return head + '<br>' + p.value[2] + ': ' + shown(c, p.value[1]);
        }
        return head + '<br>' + b.score + (b.vsR0 ? '<br>' + b.vsR0 + ' vs base' : '') + (b.vsPrev ? ', ' + b.vsPrev + ' vs previous' : '')
          + (b.percentiles ? '<br>' + b.percentiles : '') + (b.alloc ? '<br>' + b.alloc : '') + (b.noisy ? '<br><b>' + b.note + '</b>' : '');
      } },
      xAxis: c.horizontal ? valueAxis : categoryAxis,
      yAxis: c.horizontal ? categoryAxis : valueAxis,
      series: [
        { name: 'score', type: 'custom', renderItem: scoreBars(c), z: 2, encode: encodeScore,
          data: c.bars.map(function (b, i) { return [i, b.value]; }) },
        { name: 'error', type: 'custom', renderItem: errorBars(c), z: 5,
          data: c.bars.map(function (b, i) { return [i, b.low, b.high]; }), encode: encodeRange },
        { name: 'iterations', type: 'custom', renderItem: forkPoints(c), z: 6, data: c.points, encode: encodeScore },
        { name: 'percentiles', type: 'custom', renderItem: percentileTicks(c), z: 7, data: c.percentiles || [], encode: encodeScore }
      ]
    };
  }

  /* 90% → 10, 99% → 100: the classic HdrHistogram percentile axis, spread by how rare a value is. */
  function rarity(p) { return 100 / (100 - p); }
  function percentileLabel(x) {
    var p = 100 - 100 / x;
    return (Math.round(p * 10000) / 10000) + '%';
  }

  function latencyOption(c) {
    var maxRarity = 1;
    c.series.forEach(function (s) { s.points.forEach(function (p) { maxRarity = Math.max(maxRarity, rarity(p[0])); }); });
    return {
      animation: false,
      grid: { left: 70, right: 30, top: 40, bottom: 50, containLabel: true },
      legend: { top: 4 },
      tooltip: { trigger: 'item', formatter: function (p) {
        return p.seriesName + '<br>' + percentileLabel(p.value[0]) + ': ' + fmt(p.value[1]) + ' µs';
      } },
      xAxis: { type: 'log', min: 1, max: Math.pow(10, Math.ceil(Math.log10(maxRarity))), name: 'percentile',
        nameLocation: 'middle', nameGap: 28, axisLabel: { formatter: percentileLabel } },
      yAxis: { type: c.log ? 'log' : 'value', name: 'µs', axisLabel: { formatter: fmt } },
      series: c.series.map(function (s) {
        return { name: s.name, type: 'line', showSymbol: false, step: 'end', itemStyle: { color: s.colour },
          lineStyle: { color: s.colour, width: 2 },
          data: s.points.map(function (p) { return [rarity(p[0]), p[1]]; }) };
      })
    };
  }

  var VERDICT_COLOURS = { 'regression': '#c62828', 'improvement': '#2e7d32', 'no change': '#555555', 'undecided': '#7b1fa2', 'noisy': '#e08a00' };

  /* A horizontal interval from low to high with a dot at the ratio, one row per category, coloured by its verdict. */
  function ratioRows(rows) {
    return function (params, api) {
      var row = api.value(0), ratio = api.value(1), low = api.value(2), high = api.value(3);
      var a = api.coord([low, row]), b = api.coord([high, row]), m = api.coord([ratio, row]);
      var colour = VERDICT_COLOURS[rows[params.dataIndex].verdict] || '#333';
      var half = Math.min(8, Math.max(3, api.size([0, 1])[1] * 0.2));
      var line = { stroke: colour, lineWidth: 2 };
      return { type: 'group', children: [
        { type: 'line', shape: { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, style: line },
        { type: 'line', shape: { x1: a[0], y1: a[1] - half, x2: a[0], y2: a[1] + half }, style: line },
        { type: 'line', shape: { x1: b[0], y1: b[1] - half, x2: b[0], y2: b[1] + half }, style: line },
        { type: 'circle', shape: { cx: m[0], cy: m[1], r: 4.5 }, style: { fill: colour } }
      ] };
    };
  }

  function verdictOption(c, el) {
    el.style.height = Math.max(200, 90 + 34 * c.rows.length) + 'px';
    var lo = 1, hi = 1;
    c.rows.forEach(function (r) { lo = Math.min(lo, r.low); hi = Math.max(hi, r.high); });
    if (c.threshold !== null) { lo = Math.min(lo, 1 - c.threshold); hi = Math.max(hi, 1 + c.threshold); }
    var pad = (hi - lo) * 0.08 || 0.05;
    var lines = [{ xAxis: 1, lineStyle: { color: '#000', type: 'solid' }, label: { formatter: 'no change', position: 'end' } }];
    if (c.threshold !== null) {
      lines.push({ xAxis: 1 - c.threshold, label: { formatter: '−' + fmt(c.threshold * 100) + '%', position: 'end' } });
      lines.push({ xAxis: 1 + c.threshold, label: { formatter: '+' + fmt(c.threshold * 100) + '%', position: 'end' } });
    }
    return {
      animation: false,
      grid: { left: 20, right: 40, top: 30, bottom: 40, containLabel: true },
      tooltip: { trigger: 'item', formatter: function (p) {
        var r = c.rows[p.dataIndex];
        return r.label + ' (' + r.mode + ')<br>×' + r.ratio.toFixed(3) + ' [' + r.low.toFixed(3) + ' – ' + r.high.toFixed(3) + ']<br>'
          + r.verdict + (r.ruler ? ' (ruler)' : '') + ', ' + r.pairs + ' pairs';
      } },
      xAxis: { type: 'value', min: lo - pad, max: hi + pad, name: 'head / base', nameLocation: 'middle', nameGap: 26,
        axisLabel: { formatter: function (v) { return '×' + v.toFixed(2); } } },
      yAxis: { type: 'category', inverse: true, data: c.rows.map(function (r) { return r.label + (r.ruler ? ' (ruler)' : ''); }),
        axisLabel: { fontSize: 11 } },
      series: [{ name: 'ratio', type: 'custom', renderItem: ratioRows(c.rows), encode: { x: [1, 2, 3], y: 0 },
        data: c.rows.map(function (r, i) { return [i, r.ratio, r.low, r.high]; }),
        markLine: { symbol: 'none', silent: true, lineStyle: { color: '#999', type: 'dashed' }, data: lines } }]
    };
  }

  function historyOption(c) {
    var labels = c.runs.map(function (r, i) { return r.commit ? r.commit.substring(0, 8) : String(i + 1); });
    return {
      animation: false,
      title: { text: c.title, left: 'center', top: 2, textStyle: { fontSize: 11, fontWeight: 'normal' } },
      grid: { left: 60, right: 20, top: 46, bottom: 30, containLabel: true },
      legend: { show: !c.title, top: 4, type: 'scroll' },
      tooltip: { trigger: 'axis', formatter: function (ps) {
        var r = c.runs[ps[0].dataIndex];
        return r.commit + ' · ' + r.branch + '<br>' + r.time + ps.map(function (p) {
          return '<br>' + p.marker + p.seriesName + ': ' + fmt(p.value) + (c.unit ? ' ' + c.unit : '');
        }).join('');
      } },
      xAxis: { type: 'category', data: labels, axisLabel: { rotate: labels.length > 12 ? 40 : 0, hideOverlap: true, fontSize: 11 } },
      yAxis: { type: 'value', scale: true, name: c.unit, nameGap: 8, axisLabel: { formatter: fmt } },
      dataZoom: labels.length > 60 ? [{ type: 'slider', bottom: 4 }, { type: 'inside' }] : [],
      series: c.series.map(function (s) {
        return { name: s.name, type: 'line', connectNulls: true, symbolSize: 5, itemStyle: { color: s.colour },
          lineStyle: { color: s.colour }, data: s.values,
          markPoint: { symbol: 'pin', symbolSize: 40, itemStyle: { color: '#c62828' },
            label: { fontSize: 9, formatter: function (p) { return p.data.text; } },
            data: s.changes.map(function (ch) {
              return { coord: [ch[0], s.values[ch[0]]], value: ch[1], change: ch,
                text: (ch[1] > 0 ? '+' : '') + ch[1].toFixed(1) + '%' };
            }) },
          markLine: { symbol: 'none', silent: true, lineStyle: { color: '#c62828', type: 'dashed' }, label: { show: false },
            data: s.changes.map(function (ch) { return { xAxis: ch[0] }; }) } };
      })
    };
  }

  var RUN_SYMBOLS = ['circle', 'diamond', 'triangle', 'rect', 'pin', 'arrow'];

  /*
   * Several runs of one project overlaid: a row per benchmark and params, one point per run (its colour and symbol)
   * with its error as a whisker, side by side within the row; the tooltip gives the change from the run before.
   * Points, not bars: the runs are compared by position, and a log axis has no floor a bar could honestly start at.
   */
  function runWhiskers(c, f, n) {
    return function (params, api) {
      var i = api.value(0), low = api.value(2), high = api.value(3);
      if (isNaN(low) || isNaN(high) || low === high) { return null; }
      var shift = (f - (n - 1) / 2) * 6;
      var a = api.coord([c.log && !(low > 0) ? c.yMin : low, i]), b = api.coord([high, i]);
      return { type: 'line', shape: { x1: a[0], y1: a[1] + shift, x2: b[0], y2: b[1] + shift },
        style: { stroke: c.series[f].colour, lineWidth: 1.2 } };
    };
  }

  /* The values a run has, with their row's index: a run that lacks a row draws nothing there. */
  function present(values) {
    var out = [];
    values.forEach(function (v, i) { if (v !== null) { out.push({ v: v, i: i }); } });
    return out;
  }

  function runsOption(c, el) {
    var n = c.series.length;
    el.style.height = Math.max(220, 110 + (16 + 6 * n) * c.categories.length) + 'px';
    var series = [];
    c.series.forEach(function (s, f) {
      var shift = (f - (n - 1) / 2) * 6;
      series.push({ name: s.name, type: 'scatter', symbol: RUN_SYMBOLS[f % RUN_SYMBOLS.length], symbolSize: 8,
        symbolOffset: [0, shift], itemStyle: { color: s.colour }, z: 4,
        data: present(s.values).map(function (p) { return [p.v[0], p.i]; }) });
      series.push({ name: s.name, type: 'custom', renderItem: runWhiskers(c, f, n), z: 3, encode: { y: 0, x: [1, 2, 3] },
        tooltip: { show: false }, data: present(s.values).map(function (p) { return [p.i, p.v[0], p.v[1], p.v[2]]; }) });
    });
    return {
      animation: false,
      legend: { top: 4, data: c.series.map(function (s) { return s.name; }) },
      grid: { left: 20, right: 60, top: 44, bottom: 20, containLabel: true },
      tooltip: { trigger: 'item', confine: true, formatter: function (p) {
        var i = p.value[1], v = c.series[Math.floor(p.seriesIndex / 2)].values[i];
        return c.categories[i] + '<br>' + p.seriesName + ': ' + shown(c, v[0]) + ' ± ' + fmt((v[2] - v[0]) * c.scale)
          + (v[3] ? '<br>' + v[3] + ' from the run before' : '');
      } },
      xAxis: { type: c.log ? 'log' : 'value', min: c.log ? c.yMin : 0, name: c.displayUnit,
        axisLabel: { fontSize: 11, hideOverlap: true, formatter: function (v) { return fmt(v * c.scale); } } },
      yAxis: { type: 'category', data: c.categories, inverse: true, axisLabel: { interval: 0, fontSize: 11 } },
      series: series
    };
  }

  /* An error bar of a sweep's point: vertical, from low to high at the point's x. */
  function sweepWhiskers(c) {
    return function (params, api) {
      var x = api.value(0), low = api.value(1), high = api.value(2);
      if (isNaN(low) || isNaN(high) || low === high || (c.log && !(low > 0))) { return null; }
      var a = api.coord([x, low]), b = api.coord([x, high]);
      return { type: 'line', shape: { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, style: { stroke: '#111', lineWidth: 1.2 } };
    };
  }

  /* A param sweep: a line per combination of the other params over the param's values, log-log where both span 100×. */
  function sweepOption(c) {
    var series = [];
    c.series.forEach(function (s) {
      series.push({ name: s.name, type: 'line', symbolSize: 6, itemStyle: { color: s.colour }, lineStyle: { color: s.colour },
        data: s.points.map(function (p) { return [p[0], p[1]]; }) });
      series.push({ name: s.name, type: 'custom', renderItem: sweepWhiskers(c), z: 3, encode: { x: 0, y: [1, 2] },
        tooltip: { show: false }, data: s.points.map(function (p) { return [p[0], p[2], p[3]]; }) });
    });
    return {
      animation: false,
      title: { text: c.constant || '', left: 'center', textStyle: { fontSize: 12, fontWeight: 'normal' } },
      legend: { top: 22, data: c.series.map(function (s) { return s.name; }) },
      grid: { left: 20, right: 70, top: 56, bottom: 30, containLabel: true },
      tooltip: { trigger: 'item', confine: true, formatter: function (p) {
        var point = c.series[Math.floor(p.seriesIndex / 2)].points[p.dataIndex];
        return p.seriesName + '<br>' + c.param + '=' + point[0] + ': ' + point[4];
      } },
      xAxis: { type: c.xLog ? 'log' : 'value', name: c.param, nameLocation: 'middle', nameGap: 26,
        axisLabel: { fontSize: 11, hideOverlap: true, formatter: fmt } },
      yAxis: { type: c.log ? 'log' : 'value', min: c.log ? null : 0, name: c.displayUnit,
        axisLabel: { fontSize: 11, hideOverlap: true, formatter: function (v) { return fmt(v * c.scale); } } },
      series: series
    };
  }

  var BUILDERS = { sweep: sweepOption, runs: runsOption, ladder: ladderOption, latency: latencyOption, verdict: verdictOption, history: historyOption };
  var instances = [];
  Array.prototype.forEach.call(document.querySelectorAll('div.chart[data-chart]'), function (el) {
    var c = data[Number(el.getAttribute('data-chart'))];
    var option = BUILDERS[c.kind](c, el);
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    chart.setOption(option);
    if (c.kind === 'ladder') { metricChoice(c, el, chart); }
    instances.push(chart);
  });
  window.addEventListener('resize', function () { instances.forEach(function (c) { c.resize(); }); });
  document.documentElement.setAttribute('data-charts-drawn', String(instances.length));
})();
