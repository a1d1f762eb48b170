import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import type { CallResponse } from '@portal/contract/call';
import type { viewDashboard } from '@portal/contract/calls/back-office';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { Chart } from './chart.tsx';
import { crmMessages } from './messages.ts';

type Dashboard = CallResponse<typeof viewDashboard>;

/** The back office's first page: this week's study of the enterprise (viewDashboard). */
export function DashboardView({ dashboard: d }: { dashboard: Dashboard }) {
  const t = useMessages(crmMessages);
  const lang = useLang();
  const weekDay = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'medium',
  }).format(new Date(d.weekStart));

  const byDepartment = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: d.departments.map((x) => x.name) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t.activeLearners, type: 'bar', data: d.departments.map((x) => x.activeLearners) },
        { name: t.completions, type: 'bar', data: d.departments.map((x) => x.completions) },
        { name: t.creditHours, type: 'bar', data: d.departments.map((x) => x.creditHours) },
      ],
    }),
    [d.departments, t],
  );
  const topCourses = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, bottom: 8, top: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: d.topCourses.map((c) => c.title) },
      series: [{ name: t.learners, type: 'bar', data: d.topCourses.map((c) => c.learners) }],
    }),
    [d.topCourses, t],
  );
  const daily = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, bottom: 8, top: 36, containLabel: true },
      xAxis: { type: 'category', data: d.daily.map((x) => x.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t.completions, type: 'line', data: d.daily.map((x) => x.completions) },
        { name: t.creditHours, type: 'line', data: d.daily.map((x) => x.creditHours) },
      ],
    }),
    [d.daily, t],
  );

  const stats = [
    { key: 'learners', title: t.learners, value: d.learners },
    { key: 'active', title: t.activeLearners, value: d.activeLearners },
    { key: 'hours', title: t.creditHours, value: d.creditHours },
    { key: 'completions', title: t.completions, value: d.completions },
  ];

  return (
    <>
      <Typography.Title level={4}>{t.dashboard}</Typography.Title>
      <Typography.Paragraph type="secondary">{format(t.weekFrom, { day: weekDay })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} lg={6}>
            <Card data-stat={s.key}>
              <Statistic title={s.title} value={s.value} />
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={12}>
          <Card title={t.byDepartment}>
            {d.departments.length ? (
              <Chart option={byDepartment} label={t.byDepartment} />
            ) : (
              <Empty description={t.noData} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t.topCourses}>
            {d.topCourses.length ? (
              <Chart option={topCourses} label={t.topCourses} />
            ) : (
              <Empty description={t.noData} />
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t.daily}>
            <Chart option={daily} label={t.daily} height={240} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
