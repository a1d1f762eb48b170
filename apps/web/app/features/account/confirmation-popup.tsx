import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Descriptions, Modal, Steps } from 'antd';
import type { viewUserDetail } from '@portal/contract/calls/profile';
import { updateConfirm } from '@portal/contract/calls/profile';
import type { CallResponse } from '@portal/contract';
import { maskPhone } from '@portal/contract/mask';
import { request } from '../../lib/api.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { accountMessages } from './messages.ts';

type Owed = { personalInfoConfirmOpenSet: boolean; talentInfoConfirmOpenSet: boolean };

/**
 * The personal-confirmation popup (account-area.md section 4): step 1 personal information;
 * 下一步 (only when talent confirmation is asked for) after a warning and the server's
 * confirmation of step 1 leads to step 2, talent growth information; 上一步 returns; 确认 on the
 * last step confirms after a prompt. Confirming hides it; it cannot be dismissed otherwise.
 */
export function ConfirmationPopup({
  owed,
  detail,
  onDone,
}: {
  owed: Owed;
  detail: CallResponse<typeof viewUserDetail>;
  onDone: () => void;
}) {
  const t = useMessages(accountMessages);
  const lang = useLang();
  const { modal, message } = App.useApp();
  const steps = [
    ...(owed.personalInfoConfirmOpenSet ? ([1] as const) : []),
    ...(owed.talentInfoConfirmOpenSet ? ([2] as const) : []),
  ];
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState<Set<number>>(new Set());
  const step = steps[index];
  const last = index === steps.length - 1;

  const confirmStep = async (type: 1 | 2) => {
    if (!done.has(type)) await request(updateConfirm, { type });
    setDone((d) => new Set(d).add(type));
  };

  const next = () =>
    modal.confirm({
      title: t.confirmTitle,
      content: t.confirmPersonalWarning,
      okText: t.confirmButton,
      cancelText: t.cancel,
      onOk: async () => {
        await confirmStep(step!);
        setIndex(index + 1);
      },
    });

  const finish = () =>
    modal.confirm({
      title: t.confirmTitle,
      content: t.confirmFinal,
      okText: t.confirmButton,
      cancelText: t.cancel,
      onOk: async () => {
        await confirmStep(step!);
        void message.success(t.confirmed);
        onDone();
      },
    });

  if (step === undefined) return null;
  return (
    <Modal
      title={t.confirmTitle}
      open
      width={830}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        index > 0 && (
          <Button key="previous" onClick={() => setIndex(index - 1)}>
            {t.previous}
          </Button>
        ),
        last ? (
          <Button key="confirm" type="primary" onClick={finish}>
            {t.confirmButton}
          </Button>
        ) : (
          <Button key="next" type="primary" onClick={next}>
            {t.next}
          </Button>
        ),
      ]}
    >
      {steps.length > 1 && (
        <Steps
          size="small"
          current={index}
          className="portal-steps"
          items={steps.map((s) => ({ title: s === 1 ? t.confirmPersonalStep : t.confirmTalentStep }))}
        />
      )}
      {step === 1 ? (
        <>
          <p>{t.confirmPersonalHint}</p>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t.realName}>{detail.realName}</Descriptions.Item>
            <Descriptions.Item label={t.loginPhone}>{maskPhone(detail.phone)}</Descriptions.Item>
            <Descriptions.Item label={t.idCard}>{detail.idCard}</Descriptions.Item>
            <Descriptions.Item label={t.nickname}>{detail.userName}</Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        <>
          <p>{t.confirmTalentHint}</p>
          <Link to={localePath('/account/fileRegister', lang)} target="_blank">
            {t.openTalentRecord}
          </Link>
        </>
      )}
    </Modal>
  );
}
