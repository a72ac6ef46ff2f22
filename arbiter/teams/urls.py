"""Mounted at /api/teams/. `str` converters (not `slug`) so that any unknown slug or username
reaches the view and gets the API's JSON 404 rather than Django's HTML one."""

from django.urls import path

from arbiter.teams import apis

urlpatterns = [
    path("", apis.TeamListCreateApi.as_view(), name="list"),
    path("<str:slug>/", apis.TeamDetailApi.as_view(), name="detail"),
    path("<str:slug>/join/", apis.TeamJoinApi.as_view(), name="join"),
    path("<str:slug>/leave/", apis.TeamLeaveApi.as_view(), name="leave"),
    path("<str:slug>/members/", apis.MembershipListApi.as_view(), name="members"),
    path(
        "<str:slug>/members/<str:username>/",
        apis.MembershipRemoveApi.as_view(),
        name="member-remove",
    ),
    path(
        "<str:slug>/members/<str:username>/promote/",
        apis.MembershipPromoteApi.as_view(),
        name="member-promote",
    ),
    path(
        "<str:slug>/members/<str:username>/demote/",
        apis.MembershipDemoteApi.as_view(),
        name="member-demote",
    ),
    path("<str:slug>/requests/", apis.JoinRequestListApi.as_view(), name="requests"),
    path(
        "<str:slug>/requests/<int:request_id>/approve/",
        apis.JoinRequestApproveApi.as_view(),
        name="request-approve",
    ),
    path(
        "<str:slug>/requests/<int:request_id>/refuse/",
        apis.JoinRequestRefuseApi.as_view(),
        name="request-refuse",
    ),
]
