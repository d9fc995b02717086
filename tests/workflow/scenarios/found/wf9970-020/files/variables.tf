variable "size" {
  type = number
  default = 2
}
