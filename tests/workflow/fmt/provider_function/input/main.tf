terraform {
required_providers {
}
}
locals {
  a = provider::terraform::encode_tfvars({a=1})
b=1
}
